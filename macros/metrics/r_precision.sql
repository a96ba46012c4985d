{#-
  R-precision per (run_id, query_id), k null (trec_eval Rprec): R = relevant docs in the query's pool; the
  relevant rows with rank <= R, divided by R. Null when R = 0 (trec_eval reports 0 there). Reads every rank.
  The query of r_precision_multiple with multiple 1 (one formula for both).
  Computed on the shared pass (metric_plan_query, with this one metric; r_precision_plan below says what it reads).
-#}
{% macro r_precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('r_precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__r_precision(results, cutoffs, pool, spine, scale, threshold) -%}
    {{ search_metrics.metric_query({'name': 'r_precision', 'type': 'r_precision', 'scale': scale, 'threshold': threshold},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- r_precision's plan (metric_plan): r_precision_multiple's with multiple 1. -#}
{% macro r_precision_plan(metric, cutoffs) %}
    {{- return(search_metrics.r_precision_multiple_plan(dict(metric, multiple=1), cutoffs)) -}}
{% endmacro %}
