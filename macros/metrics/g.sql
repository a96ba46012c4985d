{#-
  Normalised gain G per (run_id, query_id), k null (trec_eval G). Gains on `scale` (gain_expression; trec_eval's
  default gain is the grade). Each row with a positive gain g at rank i adds g / log2(2 + C_i - S_i), where S_i = the
  gains of the rows with rank <= i (its own included) and C_i = the sum over the ideal positions 1..i of max(ideal
  gain, 1), the ideal gains being the pool's gains sorted descending and 0 beyond its R+ positive ones
  (pool_ideal_gains' ideal_cost at min(i, R+), plus i - R+ when i > R+); G = the sum / the pool's total gain.
  Null when no doc of the pool has a positive gain (trec_eval 0). S_i is a running sum in one window over the rows
  with a positive gain (rank, then doc_id).
-#}
{% macro g(results, cutoffs=none, pool=none, spine=none, scale='graded', gain='linear') %}
    {{- return(adapter.dispatch('g', 'search_metrics')(results, cutoffs, pool, spine, scale, gain)) -}}
{% endmacro %}

{% macro default__g(results, cutoffs, pool, spine, scale, gain) -%}
    {{- search_metrics.require_pool(pool, 'g') -}}
    with positive_rows as (
        select
            run_id,
            query_id,
            rank,
            gain,
            sum(gain) over (
                partition by run_id, query_id
                order by rank, doc_id
                rows between unbounded preceding and current row
            ) as gain_so_far
        from (
            select run_id, query_id, doc_id, rank, {{ search_metrics.gain_expression(scale, gain) }} as gain
            from {{ results }}
        ) as row_gains
        where gain > 0
    ),

    ideal as (
        select query_id, ideal_position, ideal_cost, n_positive, gain_total
        from (
            {{ search_metrics.pool_ideal_gains(pool, scale, gain) | indent(12) }}
        ) as ideal_gains
    ),

    g_sums as (
        select
            positive_rows.run_id,
            positive_rows.query_id,
            sum(positive_rows.gain / {{ search_metrics.log2(
                '2 + ideal.ideal_cost + ' ~ search_metrics.as_double('greatest(positive_rows.rank - ideal.n_positive, 0)')
                ~ ' - positive_rows.gain_so_far') }}) as g_sum
        from positive_rows
        inner join ideal
            on ideal.query_id = positive_rows.query_id
            and ideal.ideal_position = least(positive_rows.rank, ideal.n_positive)
        group by positive_rows.run_id, positive_rows.query_id
    ),

    query_ideals as (
        select query_id, gain_total
        from ideal
        where ideal_position = n_positive
    )

    select
        spine.run_id,
        spine.query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            when query_ideals.gain_total is null then null
            else coalesce(g_sums.g_sum, 0) / query_ideals.gain_total
        end as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join query_ideals on query_ideals.query_id = spine.query_id
    left join g_sums
        on g_sums.run_id = spine.run_id
        and g_sums.query_id = spine.query_id
{%- endmacro %}
