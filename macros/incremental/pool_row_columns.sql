{#-
  The columns that make a row of the pool (search_metrics_int_pool, search_metrics_int_trec_eval_pool) what it is,
  beside its query_id: the doc and its human judgments aggregated on each scale. The fingerprints of a query's
  judgments (search_metrics_int_pair_fingerprints, search_metrics_int_trec_eval_spine) and of the whole trec_eval
  pool (search_metrics_int_trec_eval_run_fingerprints) are set_fingerprint over these columns.
-#}
{% macro pool_row_columns() %}
    {{- return(['doc_id', 'n_rater_rows', 'n_graded_rows', 'binary_value', 'graded_value', 'detail_value', 'binary_tie']) -}}
{% endmacro %}
