{#-
  A SQL boolean expression: the SQL type of `expression` (a column of an input) is text. The same for every row
  (the type is the column's); input_number reads a text column through it. DuckDB typeof = 'VARCHAR', PostgreSQL
  pg_typeof text / character varying / character, Spark typeof string (collated or not), varchar(n), char(n). The
  default is false: on another warehouse a text column is read by a plain cast, whose error names a text that is
  not a number.
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

{% macro postgres__is_text(expression) -%}
    (pg_typeof({{ expression }}) in ('text', 'character varying', 'character'))
{%- endmacro %}

{% macro spark__is_text(expression) -%}
    (typeof({{ expression }}) like 'string%' or typeof({{ expression }}) like 'varchar(%' or typeof({{ expression }}) like 'char(%')
{%- endmacro %}
