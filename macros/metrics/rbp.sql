{#-
  Rank-biased precision per (run_id, query_id), k null (Moffat & Zobel 2008): (1 - p) * sum over the list of
  gain_i * p^(i - 1), i = rank, p = `persistence`, gain = the value on `scale` scaled to [0, 1] by the scale's
  range: (value - lowest grade) / (top grade - lowest grade), i.e. g / max_grade on the graded scale, the value on
  the binary scale and (d - 1) / 9 on the detail scale; ungraded = 0. Null when no doc of the query's pool
  is graded on `scale`. Reads every rank. See rbp_residual for the weight the unjudged ranks could add.
-#}
{% macro rbp(results, cutoffs=none, pool=none, spine=none, scale='graded', persistence=0.8) %}
    {{- return(adapter.dispatch('rbp', 'search_metrics')(results, cutoffs, pool, spine, scale, persistence)) -}}
{% endmacro %}

{% macro default__rbp(results, cutoffs, pool, spine, scale, persistence) -%}
    {{- search_metrics.require_pool(pool, 'rbp') -}}
    {%- set double = search_metrics.type_double() -%}
    {%- set grades = search_metrics.scale_grades()[scale] -%}
    with pool_judgments as (
        {{ search_metrics.pool_counts(pool, scale) | indent(8) }}
    ),

    weighted_gains as (
        select
            run_id,
            query_id,
            sum(
                ({{ search_metrics.as_double(scale ~ '_value') }} - {{ grades | min }}) / {{ (grades | max) - (grades | min) }}
                * power(cast({{ persistence }} as {{ double }}), cast(rank - 1 as {{ double }}))
            ) as weighted_gain_sum
        from {{ results }}
        where {{ scale }}_value is not null
        group by run_id, query_id
    )

    select
        spine.run_id,
        spine.query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            when coalesce(pool_judgments.n_graded, 0) = 0 then null
            else (1 - cast({{ persistence }} as {{ double }})) * coalesce(weighted_gains.weighted_gain_sum, 0)
        end as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join pool_judgments on pool_judgments.query_id = spine.query_id
    left join weighted_gains
        on weighted_gains.run_id = spine.run_id
        and weighted_gains.query_id = spine.query_id
{%- endmacro %}
