{#-
  The incremental config of the daily click models, in one place: materialized incremental, rows replaced per
  unique key. delete+insert by default (DuckDB, PostgreSQL); Spark replaces whole search_date partitions
  (insert_overwrite), which is the same because every recomputed day is rebuilt in full.
  `settings`: the names of the settings that shape the model's rows (incremental_settings); required (a list, [] if
  none). The config adds the pre-hook check_incremental_settings(settings), which fails an incremental run whose
  settings differ from those the table was built with, and the post-hook record_build_settings(settings), which
  keeps their text beside the table; the model selects build_settings_column(settings).
-#}
{% macro click_incremental_config(unique_key, settings=none) %}
    {%- if settings is none or settings is string or settings is not iterable -%}
        {{- exceptions.raise_compiler_error("search_metrics: click_incremental_config needs `settings`, the list of"
            ~ " settings that shape the model's rows (incremental_settings), got " ~ settings) -}}
    {%- endif -%}
    {%- set config = adapter.dispatch('click_incremental_config', 'search_metrics')(unique_key) -%}
    {%- set setting_names = tojson(settings | list) -%}
    {%- do config.update({'pre_hook': ["{{ search_metrics.check_incremental_settings(" ~ setting_names ~ ") }}"],
                          'post_hook': ["{{ search_metrics.record_build_settings(" ~ setting_names ~ ") }}"]}) -%}
    {{- return(config) -}}
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
