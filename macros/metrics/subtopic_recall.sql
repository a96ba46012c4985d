{#-
  Subtopic recall S-recall@k as ndeval computes it (its column strec; Zhai et al., SIGIR 2003), one row per
  (run_id, query_id, k): (subtopics some doc of ranks i <= k is relevant to) / S, S = the query's subtopics with a
  relevant doc. Null for a query without subtopic judgments and when S = 0 (ndeval writes 0: 0 with no_subtopic
  'zero'). `max_rank` (ndeval -M): only the run's ranks up to it are read. results, pool, spine: as alpha_ndcg.
-#}
{% macro subtopic_recall(results, cutoffs=none, pool=none, spine=none, threshold=1, max_rank=none, no_subtopic='null') %}
    {{- return(adapter.dispatch('subtopic_recall', 'search_metrics')(results, cutoffs, pool, spine, threshold, max_rank, no_subtopic)) -}}
{% endmacro %}

{% macro default__subtopic_recall(results, cutoffs, pool, spine, threshold, max_rank, no_subtopic) -%}
    {{- search_metrics.require_pool(pool, 'subtopic_recall') -}}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {%- set run_read = ([cutoffs | max] + ([max_rank | int] if max_rank is not none else [])) | min -%}
    with gains as (
        {{ search_metrics.subtopic_gains(results, 0, threshold, run_read) | indent(8) }}
    ),

    covered_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('gains', [
            ['n_covered', 'sum', 'n_new_subtopics']
        ], cutoffs, search_metrics.spine_relation(results, spine)) | indent(8) }}
    ),

    subtopics as (
        {{ search_metrics.subtopic_counts(pool, threshold) | indent(8) }}
    )

    select
        covered_at_k.run_id,
        covered_at_k.query_id,
        covered_at_k.k,
        case
            {{ search_metrics.no_subtopic_cases('subtopics.n_subtopics', no_subtopic) }}
            else {{ search_metrics.as_double('coalesce(covered_at_k.n_covered, 0)') }} / subtopics.n_subtopics
        end as value
    from covered_at_k
    left join subtopics on subtopics.query_id = covered_at_k.query_id
{%- endmacro %}
