{#-
  Expected reciprocal rank at each cutoff k: sum over top k of (1/i) * prod_{j<i}(1 - R_j) * R_i, i = rank,
  R = (2^g - 1) / 2^g_max with g the value on `scale`, ungraded R = 0; null when nothing in top k is graded.
  The running product is one window over the graded rows with rank <= the largest cutoff, as
  exp(sum(ln(1 - R))): an ungraded row has R = 0 and multiplies by 1, so it is left out of the window.
  g_max (default: the scale's top grade) >= the scale's top grade keeps R < 1 (get_metrics checks it). The window is ordered by rank, then doc_id.
  Then one grouped pass (aggregate_at_cutoffs).
-#}
{% macro err(results, cutoffs=none, pool=none, spine=none, scale='graded', g_max=none) %}
    {{- return(adapter.dispatch('err', 'search_metrics')(results, cutoffs, pool, spine, scale, g_max)) -}}
{% endmacro %}

{% macro default__err(results, cutoffs, pool, spine, scale, g_max) -%}
    {%- set g_max = g_max if g_max is not none else search_metrics.scale_grades()[scale] | max -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    with stop_probabilities as (
        select
            run_id,
            query_id,
            doc_id,
            rank,
            ({{ search_metrics.power_of_two(scale ~ '_value') }} - 1) / {{ search_metrics.power_of_two(g_max) }} as stop_probability
        from {{ results }}
        where rank <= {{ cutoffs | max }}
            and {{ scale }}_value is not null
    ),

    stops as (
        select
            run_id,
            query_id,
            rank,
            exp(coalesce(sum(ln(1 - stop_probability)) over (
                partition by run_id, query_id
                order by rank, doc_id
                rows between unbounded preceding and 1 preceding
            ), 0)) * stop_probability / rank as reciprocal_rank_stop
        from stop_probabilities
    ),

    err_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('stops', [
            ['n_graded', 'count', 'rank'],
            ['err', 'sum', 'reciprocal_rank_stop']
        ], cutoffs, search_metrics.spine_relation(results, spine)) }}
    )

    select
        run_id,
        query_id,
        k,
        case when n_graded = 0 then null else err end as value
    from err_at_k
{%- endmacro %}
