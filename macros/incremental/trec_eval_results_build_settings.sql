{#-
  The names of the settings that shape the rows of search_metrics_int_trec_eval_results (incremental_settings):
  search_metrics_trec_eval's max_results (trec_eval -M: the rows kept of each list). Not the other keys of
  search_metrics_trec_eval: complete changes which queries the trec_eval pool holds, not the rows of a query a run
  returned, and the version and zscores are read by the values and summaries only (trec_eval_build_settings). Nor what the joined values and ranks are
  read with (the grading, the automated raters, the transformers, rank_from): those shape the pool's rows and the
  staged ranks, which the rows' fingerprint covers (search_metrics_int_pair_fingerprints). Each row holds this text
  (build_settings_column), so it is kept short. A build whose settings differ from those the table was built with
  fails, naming each (check_incremental_settings).
-#}
{% macro trec_eval_results_build_settings() %}
    {{- return(['search_metrics_trec_eval.max_results']) -}}
{% endmacro %}
