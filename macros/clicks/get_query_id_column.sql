{#-
  The query column of the searches input: var search_metrics_query_id_column (or the example searches' `query_id`
  with search_metrics_examples), or none when unset (then the click_models family is off and the reformulation
  rate is null). The staging view reads it as query_id.
-#}
{% macro get_query_id_column() %}
    {{- return(adapter.dispatch('get_query_id_column', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_query_id_column() %}
    {{- return(search_metrics.get_input_column('search_metrics_query_id_column', 'the searches input')) -}}
{% endmacro %}
