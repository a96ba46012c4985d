{#-
  Cumulative gain at each cutoff k: sum of gains over top k (ungraded = 0); null when nothing in top k is
  graded on `scale`. gain='linear' uses the value, 'exponential' 2^value - 1.
-#}
{% macro cg(results, cutoffs=none, pool=none, spine=none, scale='graded', gain='linear') %}
    {{- return(adapter.dispatch('cg', 'search_metrics')(results, cutoffs, pool, spine, scale, gain)) -}}
{% endmacro %}

{% macro default__cg(results, cutoffs, pool, spine, scale, gain) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    with ranked_gains as (
        select run_id, query_id, rank, {{ search_metrics.gain_expression(scale, gain) }} as gain
        from {{ results }}
        where rank <= {{ cutoffs | max }}
    ),

    top_k as (
        {{ search_metrics.top_k_rows('ranked_gains', ['gain'], cutoffs, search_metrics.spine_relation(results, spine)) }}
    )

    select
        run_id,
        query_id,
        k,
        case when count(gain) = 0 then null else sum(gain) end as value
    from top_k
    group by run_id, query_id, k
{%- endmacro %}
