{#-
  Whether an incremental build of search_metrics_int_comparison_resamples corrects a moved pair's kept sums by the
  (pair, query) keys that moved (true: its unit rows replaced one by one), or drops the pair and sums it again whole
  from search_query_deltas (false: Spark, whose Parquet tables cannot replace rows).
-#}
{% macro comparison_sums_corrected() %}
    {{- return(adapter.dispatch('comparison_sums_corrected', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__comparison_sums_corrected() %}
    {{- return(true) -}}
{% endmacro %}

{% macro spark__comparison_sums_corrected() %}
    {{- return(false) -}}
{% endmacro %}
