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
    {%- set p = search_metrics.as_double(persistence) -%}
    select
        run_id,
        query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case when n_graded_in_pool = 0 then null else 1 - (1 - {{ p }}) * weight_sum end as value
    from (
        {{ search_metrics.rank_biased_sums(results, pool, spine, scale, persistence) | indent(8) }}
    ) as rank_biased
{%- endmacro %}
