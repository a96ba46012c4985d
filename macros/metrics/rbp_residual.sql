{#-
  The residual of rank-biased precision per (run_id, query_id), k null (Moffat & Zobel 2008): the weight that
  the unjudged and missing ranks could still add to rbp with the same `persistence` p. Over ranks 1..n (n = the
  list's largest rank) each rank holding no doc graded on `scale` (an unjudged doc, or a gap in the ranks) adds
  (1 - p) p^(i - 1), and the ranks beyond the list add p^n; together 1 - (1 - p) * sum over the graded rows of
  p^(rank - 1). rbp + rbp_residual bounds rbp from above. Null when no doc of the query's pool is graded on
  `scale`. Reads every rank.
  Computed on the shared pass (metric_plan_query, with this one metric; rbp_residual_plan below says what it reads).
-#}
{% macro rbp_residual(results, cutoffs=none, pool=none, spine=none, scale='graded', persistence=0.8) %}
    {{- return(adapter.dispatch('rbp_residual', 'search_metrics')(results, cutoffs, pool, spine, scale, persistence)) -}}
{% endmacro %}

{% macro default__rbp_residual(results, cutoffs, pool, spine, scale, persistence) -%}
    {{ search_metrics.metric_query({'name': 'rbp_residual', 'type': 'rbp_residual', 'scale': scale, 'persistence': persistence},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- rbp_residual's plan (metric_plan): 1 - (1 - p) * the sum of p^(rank - 1) over the graded rows
    (plan_rank_biased_terms); null when no doc of the query's pool is graded. -#}
{% macro rbp_residual_plan(metric, cutoffs) %}
    {%- set terms = search_metrics.plan_rank_biased_terms(metric) -%}
    {{- return(dict(terms.plan, values=[[none, 'case when ' ~ terms.graded ~ ' = 0 then null else 1 - (1 - '
        ~ search_metrics.as_double(metric.persistence) ~ ') * ' ~ terms.weight_sum ~ ' end']])) -}}
{% endmacro %}
