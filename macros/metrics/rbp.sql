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
    {%- set p = search_metrics.as_double(persistence) -%}
    select
        run_id,
        query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case when n_graded_in_pool = 0 then null else (1 - {{ p }}) * gain_sum end as value
    from (
        {{ search_metrics.rank_biased_sums(results, pool, spine, scale, persistence) | indent(8) }}
    ) as rank_biased
{%- endmacro %}
