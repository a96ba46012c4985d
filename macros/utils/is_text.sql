{#-
  A SQL boolean expression: the SQL type of `expression` (a column of an input) is text. The same for every row
  (the type is the column's); input_number reads a text column through it. DuckDB typeof = 'VARCHAR', Spark typeof
  string (collated or not), varchar(n), char(n). The default is false (PostgreSQL's pg_typeof is unknown to Redshift,
  which dbt-redshift would send it to: postgres__input_number reads the text form of every column instead).
-#}
{% macro is_text(expression) %}
    {{- return(adapter.dispatch('is_text', 'search_metrics')(expression)) -}}
{% endmacro %}

{% macro default__is_text(expression) -%}
    false
{%- endmacro %}

{% macro duckdb__is_text(expression) -%}
    (typeof({{ expression }}) = 'VARCHAR')
{%- endmacro %}

{% macro spark__is_text(expression) -%}
    (typeof({{ expression }}) like 'string%' or typeof({{ expression }}) like 'varchar(%' or typeof({{ expression }}) like 'char(%')
{%- endmacro %}
