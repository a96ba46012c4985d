{#-
  The names of the settings that shape the judged incremental models' rows (incremental_settings): the metrics and
  cutoffs, the grading (max grade, relevance level, negative grades), the automated raters, the transformers and
  where the rank comes from. A build whose settings differ from those a table was built with fails, naming each
  (check_incremental_settings).
-#}
{% macro judged_build_settings() %}
    {{- return(['search_metrics_metrics', 'search_metrics_cutoffs', 'search_metrics_max_grade',
                'search_metrics_relevance_level', 'search_metrics_negative_grades', 'search_metrics_automated_raters',
                'search_metrics_transformers', 'search_metrics_rank_from']) -}}
{% endmacro %}
