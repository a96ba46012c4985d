{#-
  Intent-aware precision P-IA@k as ndeval computes it (Agrawal et al., WSDM 2009, uniform intent weights), one row
  per (run_id, query_id, k): (sum over the ranks i <= k of the subtopics the doc is relevant to) / (k S), S = the
  query's subtopics with a relevant doc; k even when fewer than k rows were returned. Null for a query without
  subtopic judgments and when S = 0 (ndeval writes 0: 0 with no_subtopic 'zero'). `max_rank` (ndeval -M): only the
  run's ranks up to it are read. results, pool, spine: as alpha_ndcg.
-#}
{% macro precision_ia(results, cutoffs=none, pool=none, spine=none, threshold=1, max_rank=none, no_subtopic='null') %}
    {{- return(adapter.dispatch('precision_ia', 'search_metrics')(results, cutoffs, pool, spine, threshold, max_rank, no_subtopic)) -}}
{% endmacro %}

{% macro default__precision_ia(results, cutoffs, pool, spine, threshold, max_rank, no_subtopic) -%}
    {{- search_metrics.require_pool(pool, 'precision_ia') -}}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {%- set run_read = ([cutoffs | max] + ([max_rank | int] if max_rank is not none else [])) | min -%}
    with gains as (
        {{ search_metrics.subtopic_gains(results, 0, threshold, run_read) | indent(8) }}
    ),

    counts_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('gains', [
            ['n_relevant', 'sum', 'n_subtopics']
        ], cutoffs, search_metrics.spine_relation(results, spine)) | indent(8) }}
    ),

    subtopics as (
        {{ search_metrics.subtopic_counts(pool, threshold) | indent(8) }}
    )

    select
        counts_at_k.run_id,
        counts_at_k.query_id,
        counts_at_k.k,
        case
            {{ search_metrics.no_subtopic_cases('subtopics.n_subtopics', no_subtopic) }}
            else {{ search_metrics.as_double('coalesce(counts_at_k.n_relevant, 0)') }} / (counts_at_k.k * subtopics.n_subtopics)
        end as value
    from counts_at_k
    left join subtopics on subtopics.query_id = counts_at_k.query_id
{%- endmacro %}
