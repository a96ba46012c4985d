{#-
  nERR-IA@k as ndeval prints it (its column nERR-IA: ERR-IA with ndeval's "collection-dependent" normalization),
  one row per (run_id, query_id, k): sum over the ranks i <= k of g_i / i, g_i the novelty gain of
  subtopic_gains, divided by the same sum over ndeval's greedy ideal ranking of the subtopic pool
  (ideal_subtopic_gains, the ideal of alpha_ndcg). ndeval divides both by its "ideal ideal" first, which cancels
  (at k = 1 too). Null for a query without subtopic judgments, when the query has no subtopic with a relevant doc
  (ndeval writes 0: 0 with no_subtopic 'zero'), and for k > `depth` (the greedy is unrolled to min(depth, the
  largest cutoff) positions; ndeval stops at 20). `max_rank` (ndeval -M): only the run's ranks up to it are read.
  results, pool, spine: as alpha_ndcg.
-#}
{% macro nerr_ia(results, cutoffs=none, pool=none, spine=none, alpha=0.5, threshold=1, depth=20, max_rank=none, no_subtopic='null') %}
    {{- return(adapter.dispatch('nerr_ia', 'search_metrics')(results, cutoffs, pool, spine, alpha, threshold, depth, max_rank, no_subtopic)) -}}
{% endmacro %}

{% macro default__nerr_ia(results, cutoffs, pool, spine, alpha, threshold, depth, max_rank, no_subtopic) -%}
    {{- search_metrics.require_pool(pool, 'nerr_ia') -}}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {%- set depth_read = [cutoffs | max, depth | int] | min -%}
    {%- set run_read = ([depth_read] + ([max_rank | int] if max_rank is not none else [])) | min -%}
    with gains as (
        {{ search_metrics.subtopic_gains(results, alpha, threshold, run_read) | indent(8) }}
    ),

    run_err as (
        {{ search_metrics.aggregate_at_cutoffs('gains', [
            ['err', 'sum', search_metrics.as_double('gain') ~ ' / rank']
        ], cutoffs, search_metrics.spine_relation(results, spine)) | indent(8) }}
    ),

    ideal_gains as (
        {{ search_metrics.ideal_subtopic_gains(pool, alpha, threshold, depth_read) | indent(8) }}
    ),

    ideal_err as (
        select
            ideal_gains.query_id,
            cutoffs.k,
            sum({{ search_metrics.as_double('ideal_gains.gain') }} / ideal_gains.position) as err
        from ideal_gains
        inner join ({{ search_metrics.cutoffs_relation(cutoffs) }}) as cutoffs
            on ideal_gains.position <= cutoffs.k
        group by ideal_gains.query_id, cutoffs.k
    ),

    subtopics as (
        {{ search_metrics.subtopic_counts(pool, threshold) | indent(8) }}
    )

    select
        run_err.run_id,
        run_err.query_id,
        run_err.k,
        case
            when run_err.k > {{ depth | int }} then null
            {{ search_metrics.no_subtopic_cases('subtopics.n_subtopics', no_subtopic) }}
            else coalesce(run_err.err, 0) / ideal_err.err
        end as value
    from run_err
    left join subtopics on subtopics.query_id = run_err.query_id
    left join ideal_err
        on ideal_err.query_id = run_err.query_id
        and ideal_err.k = run_err.k
{%- endmacro %}
