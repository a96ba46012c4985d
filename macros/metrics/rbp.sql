{#-
  Rank-biased precision per (run_id, query_id), k null (Moffat & Zobel 2008): (1 - p) * sum over the list of
  gain_i * p^(i - 1), i = rank, p = `persistence`, gain = the value on `scale` scaled to [0, 1] by the scale's
  range: (value - lowest grade) / (top grade - lowest grade), i.e. g / max_grade on the graded scale, the value on
  the binary scale and (d - 1) / 9 on the detail scale; ungraded = 0. Null when no doc of the query's pool
  is graded on `scale`. Reads every rank. See rbp_residual for the weight the unjudged ranks could add.
  Computed on the shared pass (metric_plan_query, with this one metric; rbp_plan below says what it reads).
-#}
{% macro rbp(results, cutoffs=none, pool=none, spine=none, scale='graded', persistence=0.8) %}
    {{- return(adapter.dispatch('rbp', 'search_metrics')(results, cutoffs, pool, spine, scale, persistence)) -}}
{% endmacro %}

{% macro default__rbp(results, cutoffs, pool, spine, scale, persistence) -%}
    {{ search_metrics.metric_query({'name': 'rbp', 'type': 'rbp', 'scale': scale, 'persistence': persistence},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- rbp's plan (metric_plan): (1 - p) * the sum of the scaled gains * p^(rank - 1) (plan_rank_biased_terms); null
    when no doc of the query's pool is graded. -#}
{% macro rbp_plan(metric, cutoffs) %}
    {%- set terms = search_metrics.plan_rank_biased_terms(metric) -%}
    {{- return(dict(terms.plan, values=[[none, 'case when ' ~ terms.graded ~ ' = 0 then null else (1 - '
        ~ search_metrics.as_double(metric.persistence) ~ ') * ' ~ terms.gain_sum ~ ' end']])) -}}
{% endmacro %}
