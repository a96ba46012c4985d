{#-
  Cumulative gain at each cutoff k: sum of gains over top k (ungraded = 0); null when nothing in top k is
  graded on `scale`. gain='linear' uses the value, 'exponential' 2^value - 1.
  One grouped pass over the graded rows with rank <= the largest cutoff (aggregate_at_cutoffs).
-#}
{% macro cg(results, cutoffs=none, pool=none, spine=none, scale='graded', gain='linear') %}
    {{- return(adapter.dispatch('cg', 'search_metrics')(results, cutoffs, pool, spine, scale, gain)) -}}
{% endmacro %}

{% macro default__cg(results, cutoffs, pool, spine, scale, gain) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    with graded_gains as (
        select run_id, query_id, rank, {{ search_metrics.gain_expression(scale, gain) }} as gain
        from {{ results }}
        where rank <= {{ cutoffs | max }}
            and {{ scale }}_value is not null
    ),

    gains_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('graded_gains', [
            ['n_graded', 'count', 'gain'],
            ['gain_sum', 'sum', 'gain']
        ], cutoffs, search_metrics.spine_relation(results, spine)) }}
    )

    select
        run_id,
        query_id,
        k,
        case when n_graded = 0 then null else gain_sum end as value
    from gains_at_k
{%- endmacro %}
