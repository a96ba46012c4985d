{#-
  The names of the settings that shape the trec_eval table's values and summaries
  (search_metrics_int_trec_eval_query_values, search_metrics_int_trec_eval_summaries; incremental_settings): the
  grading (max grade, relevance level, negative grades), the automated raters, the transformers, rank_from and
  search_metrics_trec_eval as a whole (version, complete, max_results, zscores, the measures' parameters). A build
  whose settings differ from those a table was built with fails, naming each (check_incremental_settings).
-#}
{% macro trec_eval_build_settings() %}
    {{- return(['search_metrics_max_grade', 'search_metrics_relevance_level', 'search_metrics_negative_grades',
                'search_metrics_automated_raters', 'search_metrics_transformers', 'search_metrics_rank_from',
                'search_metrics_trec_eval']) -}}
{% endmacro %}
