{#-
  The names of the settings that shape the rows of search_metrics_int_labeled_results (incremental_settings): the
  largest cutoff (the rank filter) and whether a configured metric reads every rank or the unjudged results (which
  rows are kept: reads_every_rank, reads_unjudged_results). Not the metric list or the cutoffs themselves: a change
  that keeps these three leaves the table's rows as they are. Nor what the joined values and ranks are read with
  (the grading, the automated raters, the transformers, rank_from): those shape the pool's rows and the staged
  ranks, which the rows' fingerprint covers (search_metrics_int_pair_fingerprints), so a change of them rebuilds
  the pairs it moves. Each row holds this text (build_settings_column), so it is kept short. A build whose settings
  differ from those the table was built with fails, naming each (check_incremental_settings).
-#}
{% macro labeled_results_build_settings() %}
    {{- return(['search_metrics_cutoffs.largest', 'search_metrics_metrics.reads_every_rank',
                'search_metrics_metrics.reads_unjudged_results']) -}}
{% endmacro %}
