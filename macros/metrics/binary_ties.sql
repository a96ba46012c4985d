{#- Binary ties at each cutoff k: top-k rows whose binary majority vote tied (so they count as ungraded). -#}
{% macro binary_ties(results, cutoffs=none, pool=none, spine=none) %}
    {{- return(adapter.dispatch('binary_ties', 'search_metrics')(results, cutoffs, pool, spine)) -}}
{% endmacro %}

{% macro default__binary_ties(results, cutoffs, pool, spine) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    with ranked_ties as (
        select run_id, query_id, rank, binary_tie
        from {{ results }}
        where rank <= {{ cutoffs | max }}
    ),

    top_k as (
        {{ search_metrics.top_k_rows('ranked_ties', ['binary_tie'], cutoffs, search_metrics.spine_relation(results, spine)) }}
    )

    select
        run_id,
        query_id,
        k,
        {{ search_metrics.as_double('coalesce(sum(binary_tie), 0)') }} as value
    from top_k
    group by run_id, query_id, k
{%- endmacro %}
