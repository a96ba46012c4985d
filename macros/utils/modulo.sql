{#- The remainder of a / b (both whole numbers >= 0 here) as mod(a, b): DuckDB, PostgreSQL, Spark, Snowflake, Trino,
    Redshift and BigQuery all have mod(), and BigQuery has no % operator. -#}
{% macro modulo(a, b) %}
    {{- return(adapter.dispatch('modulo', 'search_metrics')(a, b)) -}}
{% endmacro %}

{% macro default__modulo(a, b) -%}
    mod({{ a }}, {{ b }})
{%- endmacro %}
