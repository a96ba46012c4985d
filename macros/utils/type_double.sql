{#- The 64-bit float type. dbt.type_float() is 32-bit on DuckDB and Spark, so every metric value uses this. -#}
{% macro type_double() %}
    {{- return(adapter.dispatch('type_double', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__type_double() %}double precision{% endmacro %}

{% macro duckdb__type_double() %}double{% endmacro %}

{% macro spark__type_double() %}double{% endmacro %}

{#- Not run here (no engine to start): BigQuery has only FLOAT64, Trino spells it DOUBLE. Databricks falls back to
    spark__, Redshift to postgres__ and then default__ (double precision). See docs/engines.md. -#}
{% macro bigquery__type_double() %}float64{% endmacro %}

{% macro trino__type_double() %}double{% endmacro %}
