{#-
  bpref per (run_id, query_id), k null (Buckley & Voorhees 2004; trec_eval bpref). R = relevant docs in the
  pool, N = judged non-relevant docs in the pool (graded on `scale`, below the threshold); unjudged docs are
  ignored. Over the whole list, for each retrieved relevant row r with n_r judged non-relevant rows ranked above
  it: a term of 1 when n_r = 0, else 1 - min(n_r, R) / min(N, R); bpref = the sum of the terms / R.
  Null when R = 0 (trec_eval reports 0 there). n_r is a running count in one window over the judged rows,
  ordered by rank, then doc_id.
-#}
{% macro bpref(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('bpref', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__bpref(results, cutoffs, pool, spine, scale, threshold) -%}
    {{- search_metrics.require_pool(pool, 'bpref') -}}
    {%- set relevance = search_metrics.relevance_expression(scale, threshold) -%}
    with pool_judgments as (
        {{ search_metrics.pool_counts(pool, scale, threshold) | indent(8) }}
    ),

    judged_rows as (
        select
            run_id,
            query_id,
            {{ relevance }} as relevant,
            sum(1 - {{ relevance }}) over (
                partition by run_id, query_id
                order by rank, doc_id
                rows between unbounded preceding and 1 preceding
            ) as nonrelevant_above
        from {{ results }}
        where {{ scale }}_value is not null
    ),

    preference_sums as (
        select
            judged_rows.run_id,
            judged_rows.query_id,
            sum(case
                when coalesce(judged_rows.nonrelevant_above, 0) = 0 then cast(1 as {{ search_metrics.type_double() }})
                else 1 - {{ search_metrics.as_double('least(judged_rows.nonrelevant_above, pool_judgments.n_relevant)') }}
                    / least(pool_judgments.n_nonrelevant, pool_judgments.n_relevant)
            end) as preference_sum
        from judged_rows
        inner join pool_judgments on pool_judgments.query_id = judged_rows.query_id
        where judged_rows.relevant = 1
        group by judged_rows.run_id, judged_rows.query_id
    )

    select
        spine.run_id,
        spine.query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            when coalesce(pool_judgments.n_relevant, 0) = 0 then null
            else coalesce(preference_sums.preference_sum, 0) / pool_judgments.n_relevant
        end as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join pool_judgments on pool_judgments.query_id = spine.query_id
    left join preference_sums
        on preference_sums.run_id = spine.run_id
        and preference_sums.query_id = spine.query_id
{%- endmacro %}
