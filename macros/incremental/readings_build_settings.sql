{#-
  The names of the settings that shape the rows of the tables built from the readings of the unjudged results
  (search_metrics_int_source_query_metrics, with the judgment_coverage family off too; the unjudged bounds tables;
  incremental_settings): the judged models' (judged_build_settings) and the pool depth the readings fill
  (search_metrics_judgment_coverage.pool_depth, its effective value: null reads as the largest cutoff). A build
  whose settings differ from those a table was built with fails, naming each (check_incremental_settings).
-#}
{% macro readings_build_settings() %}
    {{- return(search_metrics.judged_build_settings() + ['search_metrics_judgment_coverage.pool_depth']) -}}
{% endmacro %}
