{#-
  ndeval's ideal ranking for alpha-nDCG, built greedily as ndeval's idealResult does: at each position the doc of
  the query's subtopic pool with the largest novelty gain given the docs already placed (sum over its relevant
  subtopics j of (1 - alpha)^c_j, c_j = placed docs relevant to j), ties to the doc_id that is largest in binary
  order (ndeval's strcmp). Only docs relevant to some subtopic (grade >= `threshold`) are candidates: the others
  have gain 0 and never come before one (for alpha = 1 a covered doc ties with them at gain 0, which changes no
  gain). One row per (query_id, position) for positions 1 .. min(`depth`, the query's relevant docs), column gain.
  The greedy is unrolled into `depth` steps (one CTE each, each reading the previous one once), so its cost grows
  with `depth`. `pool`: query_id, subtopic_id, doc_id, grade.
-#}
{% macro ideal_subtopic_gains(pool, alpha, threshold, depth) %}
    {{- return(adapter.dispatch('ideal_subtopic_gains', 'search_metrics')(pool, alpha, threshold, depth)) -}}
{% endmacro %}

{% macro default__ideal_subtopic_gains(pool, alpha, threshold, depth) -%}
    {%- set double = search_metrics.type_double() -%}
    with ideal_step_0 as (
        select
            query_id,
            doc_id,
            subtopic_id,
            cast(null as {{ dbt.type_int() }}) as placed_at,
            cast(null as {{ double }}) as placed_gain
        from {{ pool }}
        where grade >= {{ threshold }}
    ),
    {%- for step in range(1, depth + 1) %}

    ideal_step_{{ step }} as (
        select
            query_id,
            doc_id,
            subtopic_id,
            case when placed_at is null and doc_id = chosen_doc_id then {{ step }} else placed_at end as placed_at,
            case when placed_at is null and doc_id = chosen_doc_id then doc_gain else placed_gain end as placed_gain
        from (
            select
                query_id,
                doc_id,
                subtopic_id,
                placed_at,
                placed_gain,
                doc_gain,
                first_value(case when placed_at is null then doc_id end) over (
                    partition by query_id
                    order by case when placed_at is null then 0 else 1 end, doc_gain desc,
                        {{ search_metrics.binary_order('doc_id') }} desc, {{ search_metrics.binary_order('subtopic_id') }}
                    rows between unbounded preceding and unbounded following
                ) as chosen_doc_id
            from (
                select
                    query_id,
                    doc_id,
                    subtopic_id,
                    placed_at,
                    placed_gain,
                    coalesce(sum(case when placed_at is null then {{ search_metrics.decay_power(1 - alpha, 'n_placed') }} end)
                        over (partition by query_id, doc_id), -1) as doc_gain
                from (
                    select
                        query_id,
                        doc_id,
                        subtopic_id,
                        placed_at,
                        placed_gain,
                        count(placed_at) over (partition by query_id, subtopic_id) as n_placed
                    from ideal_step_{{ step - 1 }}
                ) as coverage
            ) as candidates
        ) as chosen
    ){{ ',' if not loop.last }}
    {%- endfor %}

    select query_id, placed_at as position, max(placed_gain) as gain
    from ideal_step_{{ depth }}
    where placed_at is not null
    group by query_id, placed_at
{%- endmacro %}
