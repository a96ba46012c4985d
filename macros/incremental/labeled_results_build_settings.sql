{#-
  The names of the settings that shape the rows of search_metrics_int_labeled_results (incremental_settings): the
  largest cutoff (the rank filter), whether a configured metric reads every rank or the unjudged results (which
  rows are kept, reads_every_rank, reads_unjudged_results), and what the joined values and ranks are read with (the
  grading, the automated raters, the transformers, rank_from). Not the metric list or the cutoffs themselves: a
  change that keeps these leaves the table's rows as they are. A build whose settings differ from those the table
  was built with fails, naming each (check_incremental_settings).
-#}
{% macro labeled_results_build_settings() %}
    {{- return(['search_metrics_cutoffs.largest', 'search_metrics_metrics.reads_every_rank',
                'search_metrics_metrics.reads_unjudged_results', 'search_metrics_max_grade',
                'search_metrics_relevance_level', 'search_metrics_negative_grades', 'search_metrics_automated_raters',
                'search_metrics_transformers', 'search_metrics_rank_from']) -}}
{% endmacro %}
