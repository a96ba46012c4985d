{#-
  The residual of rank-biased precision per (run_id, query_id), k null (Moffat & Zobel 2008): the weight that
  the unjudged and missing ranks could still add to rbp with the same `persistence` p. Over ranks 1..n (n = the
  list's largest rank) each rank holding no doc graded on `scale` (an unjudged doc, or a gap in the ranks) adds
  (1 - p) p^(i - 1), and the ranks beyond the list add p^n; together 1 - (1 - p) * sum over the graded rows of
  p^(rank - 1). rbp + rbp_residual bounds rbp from above. Null when no doc of the query's pool is graded on
  `scale`. Reads every rank.
-#}
{% macro rbp_residual(results, cutoffs=none, pool=none, spine=none, scale='graded', persistence=0.8) %}
    {{- return(adapter.dispatch('rbp_residual', 'search_metrics')(results, cutoffs, pool, spine, scale, persistence)) -}}
{% endmacro %}

{% macro default__rbp_residual(results, cutoffs, pool, spine, scale, persistence) -%}
    {{- search_metrics.require_pool(pool, 'rbp_residual') -}}
    {%- set double = search_metrics.type_double() -%}
    with pool_judgments as (
        {{ search_metrics.pool_counts(pool, scale) | indent(8) }}
    ),

    judged_weights as (
        select
            run_id,
            query_id,
            sum(power(cast({{ persistence }} as {{ double }}), cast(rank - 1 as {{ double }}))) as judged_weight_sum
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
            else 1 - (1 - cast({{ persistence }} as {{ double }})) * coalesce(judged_weights.judged_weight_sum, 0)
        end as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join pool_judgments on pool_judgments.query_id = spine.query_id
    left join judged_weights
        on judged_weights.run_id = spine.run_id
        and judged_weights.query_id = spine.query_id
{%- endmacro %}
