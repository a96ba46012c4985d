{#-
  Inferred average precision per (run_id, query_id), k null (Yilmaz & Aslam, CIKM 2006; trec_eval infAP,
  m_infap.c). Over the whole list, a row whose doc has no row in `pool` is skipped (not in the pool, so not
  relevant) but its rank still counts as a position; a row in the pool and not graded on `scale` (every grade null,
  e.g. a negative grade under search_metrics_negative_grades: unjudged) is pooled-but-unjudged. Each relevant row
  at rank i adds
      1 / i + (P / i) * (R_above + 0.00001) / (R_above + N_above + 2 * 0.00001)
  where P = the rows of the pool ranked above it (relevant, judged non-relevant or unjudged), R_above and N_above
  the relevant and judged non-relevant rows among them: the estimated precision at i, with the unjudged docs of
  the pool assumed relevant in the proportion of the judged ones above and the docs outside the pool not relevant
  (at i = 1 the term is 1, as trec_eval's special case). infAP = the sum / R_pool (the relevant docs of the pool);
  null when R_pool = 0 (trec_eval reports 0 there). The running counts are one window over the pool's rows,
  ordered by rank, then doc_id. `pool` has one row per (query_id, doc_id); `results` may hold rows outside it
  (with a coverage metric configured, search_metrics_int_labeled_results keeps them), which the join drops.
-#}
{% macro infap(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('infap', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__infap(results, cutoffs, pool, spine, scale, threshold) -%}
    {{- search_metrics.require_pool(pool, 'infap') -}}
    {%- set relevance = search_metrics.relevance_expression('results.' ~ scale, threshold) -%}
    {%- set above = 'over (partition by results.run_id, results.query_id order by results.rank, results.doc_id'
                    ~ ' rows between unbounded preceding and 1 preceding)' -%}
    {%- set epsilon = search_metrics.as_double('0.00001') -%}
    with pool_judgments as (
        {{ search_metrics.pool_counts(pool, scale, threshold) | indent(8) }}
    ),

    pooled_rows as (
        select
            results.run_id,
            results.query_id,
            results.rank,
            {{ relevance | indent(12) }} as relevant,
            count(*) {{ above }} as pooled_above,
            count(results.{{ scale }}_value) {{ above }} as judged_above,
            sum({{ relevance | indent(12) }}) {{ above }} as relevant_above
        from {{ results }} as results
        inner join (select query_id, doc_id from {{ pool }}) as pooled
            on pooled.query_id = results.query_id
            and pooled.doc_id = results.doc_id
    ),

    infap_sums as (
        select
            run_id,
            query_id,
            sum(
                1 / {{ search_metrics.as_double('rank') }}
                + {{ search_metrics.as_double('pooled_above') }} / rank
                    * ({{ search_metrics.as_double('coalesce(relevant_above, 0)') }} + {{ epsilon }})
                    / ({{ search_metrics.as_double('judged_above') }} + 2 * {{ epsilon }})
            ) as infap_sum
        from pooled_rows
        where relevant = 1
        group by run_id, query_id
    )

    select
        spine.run_id,
        spine.query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            when coalesce(pool_judgments.n_relevant, 0) = 0 then null
            else coalesce(infap_sums.infap_sum, 0) / pool_judgments.n_relevant
        end as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join pool_judgments on pool_judgments.query_id = spine.query_id
    left join infap_sums
        on infap_sums.run_id = spine.run_id
        and infap_sums.query_id = spine.query_id
{%- endmacro %}
