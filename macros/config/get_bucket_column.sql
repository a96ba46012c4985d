{#-
  The A/B bucket column of the searches input: var search_metrics_bucket_column (or the example searches'
  `bucket` with search_metrics_examples), or none when unset (then the experiments family is off). A plain column
  name (get_input_column); the staging view reads it as bucket (text) when the experiments family is on.
-#}
{% macro get_bucket_column() %}
    {{- return(adapter.dispatch('get_bucket_column', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_bucket_column() %}
    {{- return(search_metrics.get_input_column('search_metrics_bucket_column', 'the searches input')) -}}
{% endmacro %}
