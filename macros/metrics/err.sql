{#-
  Expected reciprocal rank at each cutoff k: sum over top k of (1/i) * prod_{j<i}(1 - R_j) * R_i, i = rank,
  R = (2^g - 1) / 2^g_max with g the value on `scale`, ungraded R = 0; null when nothing in top k is graded.
  The running product is one window over the rows with rank <= the largest cutoff, as exp(sum(ln(1 - R))):
  g_max >= the scale's top grade keeps R < 1 (get_metrics checks it).
-#}
{% macro err(results, cutoffs=none, pool=none, spine=none, scale='graded', g_max=3) %}
    {{- return(adapter.dispatch('err', 'search_metrics')(results, cutoffs, pool, spine, scale, g_max)) -}}
{% endmacro %}

{% macro default__err(results, cutoffs, pool, spine, scale, g_max) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {%- set double = search_metrics.type_double() -%}
    with stop_probabilities as (
        select
            run_id,
            query_id,
            doc_id,
            rank,
            {{ scale }}_value as scale_value,
            coalesce(({{ search_metrics.power_of_two(scale ~ '_value') }} - 1) / {{ search_metrics.power_of_two(g_max) }}, 0) as stop_probability
        from {{ results }}
        where rank <= {{ cutoffs | max }}
    ),

    reach_probabilities as (
        select
            run_id,
            query_id,
            rank,
            scale_value,
            stop_probability,
            exp(coalesce(sum(ln(1 - stop_probability)) over (
                partition by run_id, query_id
                order by rank, doc_id
                rows between unbounded preceding and 1 preceding
            ), 0)) as reach_probability
        from stop_probabilities
    ),

    stops as (
        select
            run_id,
            query_id,
            rank,
            scale_value,
            reach_probability * stop_probability / rank as reciprocal_rank_stop
        from reach_probabilities
    ),

    top_k as (
        {{ search_metrics.top_k_rows('stops', ['scale_value', 'reciprocal_rank_stop'], cutoffs, search_metrics.spine_relation(results, spine)) }}
    )

    select
        run_id,
        query_id,
        k,
        case when count(scale_value) = 0 then null else sum(reciprocal_rank_stop) end as value
    from top_k
    group by run_id, query_id, k
{%- endmacro %}
