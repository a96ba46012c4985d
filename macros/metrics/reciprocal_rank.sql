{#-
  Reciprocal rank at each cutoff k: 1 / rank of the first relevant row in top k, 0 if none;
  null when nothing in top k is graded.
  One grouped pass over the graded rows with rank <= the largest cutoff (aggregate_at_cutoffs).
-#}
{% macro reciprocal_rank(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('reciprocal_rank', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__reciprocal_rank(results, cutoffs, pool, spine, scale, threshold) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    with graded_relevance as (
        select run_id, query_id, rank, {{ search_metrics.relevance_expression(scale, threshold) }} as relevant
        from {{ results }}
        where rank <= {{ cutoffs | max }}
            and {{ scale }}_value is not null
    ),

    first_relevant_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('graded_relevance', [
            ['n_graded', 'count', 'relevant'],
            ['first_relevant_rank', 'min', 'case when relevant = 1 then rank end']
        ], cutoffs, search_metrics.spine_relation(results, spine)) }}
    )

    select
        run_id,
        query_id,
        k,
        case
            when n_graded = 0 then null
            when first_relevant_rank is null then 0
            else 1 / {{ search_metrics.as_double('first_relevant_rank') }}
        end as value
    from first_relevant_at_k
{%- endmacro %}
