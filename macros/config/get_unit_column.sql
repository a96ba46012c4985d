{#-
  The randomization-unit column of the searches input (a user or device id) of the A/B experiments: var
  search_metrics_unit_column, or none when unset (then the unit is the search's session_id). A plain column name,
  checked as every column var is (get_input_column: letters, digits, underscores, no SQL key word); the staging
  view reads it as unit_id (text) when the experiments family is on, and a searches input without it is a compile
  error there (input_columns).
-#}
{% macro get_unit_column() %}
    {{- return(adapter.dispatch('get_unit_column', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_unit_column() %}
    {{- return(search_metrics.get_input_column('search_metrics_unit_column', 'the searches input')) -}}
{% endmacro %}
