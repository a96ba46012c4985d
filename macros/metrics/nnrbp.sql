{#-
  nNRBP as ndeval prints it (NRBP with ndeval's "collection-dependent" normalization), one row per (run_id,
  query_id), k null: the run's sum over the whole list of g_i beta^(i - 1) (g_i the novelty gain of
  subtopic_gains) divided by the same sum over ndeval's greedy ideal ranking of the subtopic pool
  (ideal_subtopic_gains; NRBP's factor (1 - (1 - alpha) beta) / S cancels). ndeval's ideal runs over every judged
  doc; the SQL greedy is unrolled into `depth` steps, which place every doc with a gain when the query has at most
  `depth` docs relevant to a subtopic: the value is null for a query with more (raise depth, up to 100), never a
  truncated ideal. Null for a query without subtopic judgments and when S = 0 (ndeval divides 0 by 0 and prints
  nan: 0 with no_subtopic 'zero'). Reads every rank of the run, or the ranks up to `max_rank` (ndeval -M).
  results, pool, spine: as alpha_ndcg.
-#}
{% macro nnrbp(results, cutoffs=none, pool=none, spine=none, alpha=0.5, beta=0.5, threshold=1, depth=20, max_rank=none, no_subtopic='null') %}
    {{- return(adapter.dispatch('nnrbp', 'search_metrics')(results, cutoffs, pool, spine, alpha, beta, threshold, depth, max_rank, no_subtopic)) -}}
{% endmacro %}

{% macro default__nnrbp(results, cutoffs, pool, spine, alpha, beta, threshold, depth, max_rank, no_subtopic) -%}
    {{- search_metrics.require_pool(pool, 'nnrbp') -}}
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

    ideal_gains as (
        {{ search_metrics.ideal_subtopic_gains(pool, alpha, threshold, depth | int) | indent(8) }}
    ),

    ideal_sums as (
        select
            query_id,
            sum(gain * {{ search_metrics.decay_power(beta, 'position - 1') }}) as gain_sum
        from ideal_gains
        group by query_id
    ),

    relevant_docs as (
        select query_id, count(distinct doc_id) as n_docs
        from {{ pool }}
        where grade >= {{ threshold }}
        group by query_id
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
            when relevant_docs.n_docs > {{ depth | int }} then null
            else coalesce(run_sums.gain_sum, 0) / ideal_sums.gain_sum
        end as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join run_sums
        on run_sums.run_id = spine.run_id
        and run_sums.query_id = spine.query_id
    left join ideal_sums on ideal_sums.query_id = spine.query_id
    left join relevant_docs on relevant_docs.query_id = spine.query_id
    left join subtopics on subtopics.query_id = spine.query_id
{%- endmacro %}
