{#-
  The post-hook of every incremental model (click_incremental_config, judged_incremental_config,
  comparison_resamples_config) that keeps the text of the settings its rows were built with beside the table
  (build_settings_relation), since the rows carry only their digest (build_settings_column). A first or
  full-refresh build writes it anew (write_build_settings), as does an incremental build that finds it missing;
  other incremental builds leave it (check_incremental_settings passed: the settings are those recorded, or
  rewrote it). A model built as a plain table (var search_metrics_incremental_runs false) drops it. Renders nothing.
-#}
{% macro record_build_settings(setting_names) %}
    {{- return(adapter.dispatch('record_build_settings', 'search_metrics')(setting_names)) -}}
{% endmacro %}

{% macro default__record_build_settings(setting_names) -%}
    {%- if execute -%}
        {%- set record = search_metrics.build_settings_relation(this) -%}
        {%- if config.get('materialized') != 'incremental' -%}
            {%- if load_relation(record) is not none -%}
                {%- do run_query('drop table if exists ' ~ record) -%}
                {%- do adapter.cache_dropped(record) -%}
            {%- endif -%}
        {%- elif not is_incremental() or load_relation(record) is none -%}
            {%- do search_metrics.write_build_settings(setting_names) -%}
        {%- endif -%}
    {%- endif -%}
{%- endmacro %}
