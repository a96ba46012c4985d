{#-
  The names of the settings that shape the overlap tables' rows (incremental_settings): the cutoffs (jaccard's k),
  the persistence of rank-biased overlap and where the rank comes from. Not the compared pairs: a pair no longer
  compared leaves the state model (search_metrics_int_overlap_fingerprints), so its rows are deleted. A build whose
  settings differ from those a table was built with fails, naming each (check_incremental_settings).
-#}
{% macro overlap_build_settings() %}
    {{- return(['search_metrics_cutoffs', 'search_metrics_rbo_persistence', 'search_metrics_rank_from']) -}}
{% endmacro %}
