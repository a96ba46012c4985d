{#-
  The query column of the searches input: var search_metrics_query_id_column (or the example searches' `query_id`
  with search_metrics_examples), a plain column name (letters, digits, underscores), or none when unset (then the
  click_models family is off). The staging view reads it as query_id.
-#}
{% macro get_query_id_column() %}
    {{- return(adapter.dispatch('get_query_id_column', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_query_id_column() %}
    {%- set column = var('search_metrics_query_id_column', none) -%}
    {%- if search_metrics.is_unset(column) -%}
        {{- return(search_metrics.example_input('search_metrics_query_id_column')) -}}
    {%- endif -%}
    {%- if column is not string or not modules.re.match('^[A-Za-z_][A-Za-z0-9_]*$', column | trim) -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_query_id_column must name a column of the searches input (letters, digits, underscores), got " ~ column) -}}
    {%- endif -%}
    {{- return(column | trim) -}}
{% endmacro %}
