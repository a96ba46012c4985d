{#-
  NRBP as ndeval computes it (novelty- and rank-biased precision, Clarke et al., ICTIR 2009, with ndeval's
  "collection-independent" normalization), one row per (run_id, query_id), k null: (1 - (1 - alpha) beta) / S
  times the sum over the whole list of g_i beta^(i - 1), g_i the novelty gain of subtopic_gains, S = the query's
  subtopics with a relevant doc. Null for a query without subtopic judgments and when S = 0 (ndeval writes 0: 0
  with no_subtopic 'zero'). Reads every rank, or the ranks up to `max_rank` (ndeval -M).
  results, pool, spine: as alpha_ndcg.
-#}
{% macro nrbp(results, cutoffs=none, pool=none, spine=none, alpha=0.5, beta=0.5, threshold=1, max_rank=none, no_subtopic='null') %}
    {{- return(adapter.dispatch('nrbp', 'search_metrics')(results, cutoffs, pool, spine, alpha, beta, threshold, max_rank, no_subtopic)) -}}
{% endmacro %}

{% macro default__nrbp(results, cutoffs, pool, spine, alpha, beta, threshold, max_rank, no_subtopic) -%}
    {{- search_metrics.require_pool(pool, 'nrbp') -}}
    with gains as (
        {{ search_metrics.subtopic_gains(results, alpha, threshold, (max_rank | int) if max_rank is not none else none) | indent(8) }}
    ),

    run_sums as (
        select
            run_id,
            query_id,
            sum(gain * {{ search_metrics.decay_power(beta, 'rank - 1') }}) as gain_sum
        from gains
        group by run_id, query_id
    ),

    subtopics as (
        {{ search_metrics.subtopic_counts(pool, threshold) | indent(8) }}
    )

    select
        spine.run_id,
        spine.query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            {{ search_metrics.no_subtopic_cases('subtopics.n_subtopics', no_subtopic) }}
            else coalesce(run_sums.gain_sum, 0) * {{ search_metrics.as_double(1 - (1 - alpha) * beta) }}
                / subtopics.n_subtopics
        end as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join run_sums
        on run_sums.run_id = spine.run_id
        and run_sums.query_id = spine.query_id
    left join subtopics on subtopics.query_id = spine.query_id
{%- endmacro %}
