{#-
  Per (run_id, query_id) of the spine, the two sums behind rank-biased precision and its residual (Moffat & Zobel
  2008), over the rows graded on `scale`: gain_sum = sum of gain * p^(rank - 1), gain = the value scaled to [0, 1]
  by the scale's range, (value - lowest grade) / (top grade - lowest grade); weight_sum = sum of p^(rank - 1).
  Beside them n_graded_in_pool (pool_counts; 0 for a query with no judgment). rbp and rbp_residual are each one
  expression over it. p^(rank - 1) is persistence_power (0 beyond the double range). Reads every rank.
  Returns run_id, query_id, n_graded_in_pool, gain_sum, weight_sum (both 0 without a graded row).
-#}
{% macro rank_biased_sums(results, pool, spine, scale, persistence) %}
    {{- return(adapter.dispatch('rank_biased_sums', 'search_metrics')(results, pool, spine, scale, persistence)) -}}
{% endmacro %}

{% macro default__rank_biased_sums(results, pool, spine, scale, persistence) -%}
    {%- set grades = search_metrics.scale_grades()[scale] -%}
    {%- set weight = search_metrics.persistence_power(search_metrics.as_double(persistence), 'rank - 1') -%}
    with pool_judgments as (
        {{ search_metrics.pool_counts(pool, scale) | indent(8) }}
    ),

    graded_weights as (
        select
            run_id,
            query_id,
            sum(
                ({{ search_metrics.as_double(scale ~ '_value') }} - {{ grades | min }}) / {{ (grades | max) - (grades | min) }}
                * {{ weight }}
            ) as gain_sum,
            sum({{ weight }}) as weight_sum
        from {{ results }}
        where {{ scale }}_value is not null
        group by run_id, query_id
    )

    select
        spine.run_id,
        spine.query_id,
        coalesce(pool_judgments.n_graded, 0) as n_graded_in_pool,
        coalesce(graded_weights.gain_sum, 0) as gain_sum,
        coalesce(graded_weights.weight_sum, 0) as weight_sum
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join pool_judgments on pool_judgments.query_id = spine.query_id
    left join graded_weights
        on graded_weights.run_id = spine.run_id
        and graded_weights.query_id = spine.query_id
{%- endmacro %}
