{#-
  A text expression for ORDER BY in binary (code-point) order, so that every engine orders query ids, run ids
  and buckets the same way (the hash draws depend on that order). DuckDB and Spark compare text in binary
  order by default; PostgreSQL follows the database's locale unless told COLLATE "C".
-#}
{% macro binary_order(expression) %}
    {{- return(adapter.dispatch('binary_order', 'search_metrics')(expression)) -}}
{% endmacro %}

{% macro default__binary_order(expression) -%}
    {{ expression }}
{%- endmacro %}

{% macro postgres__binary_order(expression) -%}
    ({{ expression }}) collate "C"
{%- endmacro %}

{#- Redshift (whose dispatch falls back to postgres__) has no `expr collate "C"`; its default case-sensitive
    comparison of varchar orders by bytes, i.e. code points for UTF-8. -#}
{% macro redshift__binary_order(expression) -%}
    {{ expression }}
{%- endmacro %}
