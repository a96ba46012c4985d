{#-
  A column named by a var (search_metrics_query_id_column, search_metrics_bucket_column, search_metrics_unit_column,
  search_metrics_team_column, search_metrics_experiment_column): the var's value, or with search_metrics_examples the example's column
  (example_input), or none when unset. It must be a plain column name (letters, digits, underscores), else a
  compile error names the var and `input_description` (e.g. 'the searches input'); so is a SQL key word such as
  `select` or `order` (reserved_words), which the models, writing the name unquoted, could not read. Whether the
  input has that column is checked where the input is read (input_columns).
-#}
{% macro get_input_column(var_name, input_description) %}
    {{- return(adapter.dispatch('get_input_column', 'search_metrics')(var_name, input_description)) -}}
{% endmacro %}

{% macro default__get_input_column(var_name, input_description) %}
    {%- set column = var(var_name, none) -%}
    {%- if search_metrics.is_unset(column) -%}
        {{- return(search_metrics.example_input(var_name)) -}}
    {%- endif -%}
    {%- if column is not string or not modules.re.match('^[A-Za-z_][A-Za-z0-9_]*$', column | trim) -%}
        {{- exceptions.raise_compiler_error("search_metrics: " ~ var_name ~ " must name a column of " ~ input_description ~ " (letters, digits, underscores), got " ~ column) -}}
    {%- endif -%}
    {%- if (column | trim | lower) in search_metrics.reserved_words() -%}
        {{- exceptions.raise_compiler_error("search_metrics: " ~ var_name ~ " must name a column of " ~ input_description ~ ", got the SQL key word " ~ column ~ " (rename the column, or select it under another name in a view)") -}}
    {%- endif -%}
    {{- return(column | trim) -}}
{% endmacro %}
