{#- Grading coverage at each cutoff k: rows graded on `scale` in top k / rows in top k; null when top k is empty. -#}
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

    top_k as (
        {{ search_metrics.top_k_rows('ranked_values', ['rank', 'scale_value'], cutoffs, search_metrics.spine_relation(results, spine)) }}
    )

    select
        run_id,
        query_id,
        k,
        case
            when count(rank) = 0 then null
            else {{ search_metrics.as_double('count(scale_value)') }} / count(rank)
        end as value
    from top_k
    group by run_id, query_id, k
{%- endmacro %}
