{#-
  The config of search_metrics_int_comparison_resamples (the compared pairs' resampling sums and units), in one
  place. With var search_metrics_incremental_runs true (the default): materialized incremental, strategy
  delete+insert on (baseline, candidate, row_kind, row_id): the model writes the unit rows of the (pair, query) keys
  that moved and every sums row of the pairs it corrected, which replace the rows of the same key; the pre-hook
  check_incremental_settings(`settings`) fails a build whose settings differ from the table's, and the post-hook
  delete_retired_resamples removes the unit rows of keys gone and the rows of pairs no longer compared, in the same
  transaction, and record_build_settings keeps the settings' text beside the table. With the var false: a plain
  table, rebuilt in full, whose post-hook drops that record.
  Spark (no row deletes): the pair-partitioned Parquet table of judged_incremental_config: a pair whose fingerprint
  moved is dropped and computed again whole (comparison_sums_corrected is false there).
-#}
{% macro comparison_resamples_config(settings) %}
    {{- return(adapter.dispatch('comparison_resamples_config', 'search_metrics')(settings)) -}}
{% endmacro %}

{% macro default__comparison_resamples_config(settings) %}
    {%- set record_settings = "{{ search_metrics.record_build_settings(" ~ tojson(settings | list) ~ ") }}" -%}
    {%- if not search_metrics.get_incremental_runs() -%}
        {{- return({'materialized': 'table', 'post_hook': [record_settings]}) -}}
    {%- endif -%}
    {{- return({
        'materialized': 'incremental', 'incremental_strategy': 'delete+insert',
        'unique_key': ['baseline', 'candidate', 'row_kind', 'row_id'], 'on_schema_change': 'fail',
        'pre_hook': ["{{ search_metrics.check_incremental_settings(" ~ tojson(settings | list) ~ ") }}"],
        'post_hook': ["{{ search_metrics.delete_retired_resamples(ref('search_metrics_int_comparison_query_fingerprints'),"
                      ~ " ref('search_metrics_int_comparison_fingerprints')) }}", record_settings]}) -}}
{% endmacro %}

{% macro spark__comparison_resamples_config(settings) %}
    {{- return(search_metrics.judged_incremental_config('search_metrics_int_comparison_fingerprints',
                                                         ['baseline', 'candidate'], 'comparison_fingerprint', settings)) -}}
{% endmacro %}
