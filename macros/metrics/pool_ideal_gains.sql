{#-
  The ideal ranking of each query's pool for the gain measures of trec_eval (ndcg_rel, Rndcg, G): the docs of `pool`
  with a positive gain on `scale` (gain_expression), in descending gain order (doc_id breaks ties), one row per
  ideal position p = 1..n_positive with: gain; ideal_dcg = the ideal DCG at p (gains / log2(position + 1) summed over
  1..p); ideal_cost = the sum over 1..p of max(gain, 1) (G's cost); last_of_level = 1 when p is the last position of
  its gain (the next position's gain is lower, or p = n_positive: an R level of Rndcg), else 0; and per query
  n_positive, gain_total (every positive gain) and ideal_dcg_total (the ideal DCG at n_positive). A query without a
  positive gain has no row. Returns query_id, ideal_position, gain, ideal_dcg, ideal_cost, last_of_level,
  n_positive, gain_total, ideal_dcg_total.
-#}
{% macro pool_ideal_gains(pool, scale, gain) %}
    {{- return(adapter.dispatch('pool_ideal_gains', 'search_metrics')(pool, scale, gain)) -}}
{% endmacro %}

{% macro default__pool_ideal_gains(pool, scale, gain) -%}
    {%- set ideal_order = 'partition by query_id order by ideal_position' -%}
    with positive_gains as (
        select
            query_id,
            gain,
            row_number() over (partition by query_id order by gain desc, doc_id) as ideal_position
        from (
            select query_id, doc_id, {{ search_metrics.gain_expression(scale, gain) }} as gain
            from {{ pool }}
        ) as pool_gains
        where gain > 0
    ),

    ideal_positions as (
        select
            query_id,
            ideal_position,
            gain,
            sum(gain / {{ search_metrics.log2(search_metrics.as_double('ideal_position') ~ ' + 1') }}) over (
                {{ ideal_order }} rows between unbounded preceding and current row
            ) as ideal_dcg,
            sum(greatest(gain, cast(1 as {{ search_metrics.type_double() }}))) over (
                {{ ideal_order }} rows between unbounded preceding and current row
            ) as ideal_cost,
            case when lead(gain) over ({{ ideal_order }}) = gain then 0 else 1 end as last_of_level
        from positive_gains
    ),

    query_totals as (
        select query_id, count(*) as n_positive, sum(gain) as gain_total
        from positive_gains
        group by query_id
    )

    select
        ideal_positions.query_id,
        ideal_positions.ideal_position,
        ideal_positions.gain,
        ideal_positions.ideal_dcg,
        ideal_positions.ideal_cost,
        ideal_positions.last_of_level,
        query_totals.n_positive,
        query_totals.gain_total,
        last_position.ideal_dcg as ideal_dcg_total
    from ideal_positions
    inner join query_totals on query_totals.query_id = ideal_positions.query_id
    inner join ideal_positions as last_position
        on last_position.query_id = ideal_positions.query_id
        and last_position.ideal_position = query_totals.n_positive
{%- endmacro %}
