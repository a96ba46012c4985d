{#-
  The incremental config of the daily click models, in one place: materialized incremental, rows replaced per
  unique key. delete+insert by default (DuckDB, PostgreSQL); Spark replaces whole search_date partitions
  (insert_overwrite), which is the same because every recomputed day is rebuilt in full.
-#}
{% macro click_incremental_config(unique_key) %}
    {{- return(adapter.dispatch('click_incremental_config', 'search_metrics')(unique_key)) -}}
{% endmacro %}

{% macro default__click_incremental_config(unique_key) %}
    {{- return({
        'materialized': 'incremental',
        'incremental_strategy': 'delete+insert',
        'unique_key': unique_key,
        'on_schema_change': 'fail'
    }) -}}
{% endmacro %}

{% macro spark__click_incremental_config(unique_key) %}
    {{- return({
        'materialized': 'incremental',
        'incremental_strategy': 'insert_overwrite',
        'partition_by': ['search_date'],
        'file_format': 'parquet',
        'on_schema_change': 'fail'
    }) -}}
{% endmacro %}
