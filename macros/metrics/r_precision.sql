{#-
  R-precision per (run_id, query_id), k null (trec_eval Rprec): R = relevant docs in the query's pool; the
  relevant rows with rank <= R, divided by R. Null when R = 0 (trec_eval reports 0 there). Reads every rank.
  The query of r_precision_multiple with multiple 1 (one formula for both).
-#}
{% macro r_precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('r_precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__r_precision(results, cutoffs, pool, spine, scale, threshold) -%}
    {{- search_metrics.require_pool(pool, 'r_precision') -}}
    {#- R-precision is precision at 1 × R: floor(1 · R + 0.9) = R for every whole R -#}
    {{- search_metrics.r_precision_multiple(results, cutoffs, pool, spine, scale, threshold, multiple=1) -}}
{%- endmacro %}
