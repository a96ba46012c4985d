{#-
  alpha-nDCG@k as ndeval computes it (Clarke et al., SIGIR 2008), one row per (run_id, query_id, k):
  alpha-DCG@k / ideal alpha-DCG@k, alpha-DCG@k = sum over the ranks i <= k of g_i / log2(i + 1), g_i the novelty
  gain of subtopic_gains (sum over the doc's relevant subtopics of (1 - alpha)^(rows above relevant to that
  subtopic)); the ideal is ndeval's greedy ranking of the subtopic pool (ideal_subtopic_gains). Null for a query
  without subtopic judgments, and when the query has no subtopic with a relevant doc (ndeval writes 0: 0 with
  no_subtopic 'zero'), and for k > `depth` (the greedy is unrolled to min(depth, the largest cutoff) positions;
  ndeval stops at 20). `max_rank` (ndeval -M): only the run's ranks up to it are read (none = every rank).
  results: run_id, query_id, doc_id, rank, subtopic_id, grade (search_metrics_int_subtopic_results); pool:
  query_id, subtopic_id, doc_id, grade (search_metrics_int_subtopic_pool); spine: run_id, query_id.
-#}
{% macro alpha_ndcg(results, cutoffs=none, pool=none, spine=none, alpha=0.5, threshold=1, depth=20, max_rank=none, no_subtopic='null') %}
    {{- return(adapter.dispatch('alpha_ndcg', 'search_metrics')(results, cutoffs, pool, spine, alpha, threshold, depth, max_rank, no_subtopic)) -}}
{% endmacro %}

{% macro default__alpha_ndcg(results, cutoffs, pool, spine, alpha, threshold, depth, max_rank, no_subtopic) -%}
    {{- search_metrics.require_pool(pool, 'alpha_ndcg') -}}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {%- set depth_read = [cutoffs | max, depth | int] | min -%}
    {%- set run_read = ([depth_read] + ([max_rank | int] if max_rank is not none else [])) | min -%}
    with gains as (
        {{ search_metrics.subtopic_gains(results, alpha, threshold, run_read) | indent(8) }}
    ),

    run_dcg as (
        {{ search_metrics.aggregate_at_cutoffs('gains', [
            ['dcg', 'sum', search_metrics.as_double('gain') ~ ' / ' ~ search_metrics.log2('rank + 1')]
        ], cutoffs, search_metrics.spine_relation(results, spine)) | indent(8) }}
    ),

    ideal_gains as (
        {{ search_metrics.ideal_subtopic_gains(pool, alpha, threshold, depth_read) | indent(8) }}
    ),

    ideal_dcg as (
        select
            ideal_gains.query_id,
            cutoffs.k,
            sum({{ search_metrics.as_double('ideal_gains.gain') }} / {{ search_metrics.log2('ideal_gains.position + 1') }}) as dcg
        from ideal_gains
        inner join ({{ search_metrics.cutoffs_relation(cutoffs) }}) as cutoffs
            on ideal_gains.position <= cutoffs.k
        group by ideal_gains.query_id, cutoffs.k
    ),

    subtopics as (
        {{ search_metrics.subtopic_counts(pool, threshold) | indent(8) }}
    )

    select
        run_dcg.run_id,
        run_dcg.query_id,
        run_dcg.k,
        case
            when run_dcg.k > {{ depth | int }} then null
            {{ search_metrics.no_subtopic_cases('subtopics.n_subtopics', no_subtopic) }}
            else coalesce(run_dcg.dcg, 0) / ideal_dcg.dcg
        end as value
    from run_dcg
    left join subtopics on subtopics.query_id = run_dcg.query_id
    left join ideal_dcg
        on ideal_dcg.query_id = run_dcg.query_id
        and ideal_dcg.k = run_dcg.k
{%- endmacro %}
