{#-
  Grading coverage at each cutoff k: rows graded on `scale` in top k / rows in top k; null when top k is empty.
  One grouped pass over the rows with rank <= the largest cutoff (aggregate_at_cutoffs).
-#}
{% macro coverage(results, cutoffs=none, pool=none, spine=none, scale='graded') %}
    {{- return(adapter.dispatch('coverage', 'search_metrics')(results, cutoffs, pool, spine, scale)) -}}
{% endmacro %}

{% macro default__coverage(results, cutoffs, pool, spine, scale) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    with ranked_values as (
        select run_id, query_id, rank, {{ scale }}_value as scale_value
        from {{ results }}
        where rank <= {{ cutoffs | max }}
    ),

    counts_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('ranked_values', [
            ['n_rows', 'count', 'rank'],
            ['n_graded', 'count', 'scale_value']
        ], cutoffs, search_metrics.spine_relation(results, spine)) }}
    )

    select
        run_id,
        query_id,
        k,
        case
            when n_rows = 0 then null
            else {{ search_metrics.as_double('n_graded') }} / n_rows
        end as value
    from counts_at_k
{%- endmacro %}
