{#-
  Writes the settings record of the model being built (build_settings_relation(this)): a row holding build_settings
  (build_settings_digest of `setting_names`, as the model's rows) and settings_text (their incremental_settings
  text). Anew (the record of a table whose rows are all written by this build), or with `keep_recorded` true added
  to the rows recorded unless the digest is among them (the table keeps rows that carry those digests). Runs its
  statements itself; renders nothing. Called by record_build_settings and check_incremental_settings.
-#}
{% macro write_build_settings(setting_names, keep_recorded=false) %}
    {{- return(adapter.dispatch('write_build_settings', 'search_metrics')(setting_names, keep_recorded)) -}}
{% endmacro %}

{#- `table_options`: what follows the table's name in its `create table` (an engine's table format) -#}
{% macro default__write_build_settings(setting_names, keep_recorded=false, table_options='') -%}
    {%- if execute -%}
        {%- set record = search_metrics.build_settings_relation(this) -%}
        {%- set digest = search_metrics.string_literal(search_metrics.build_settings_digest(setting_names)) -%}
        {%- set text = search_metrics.string_literal(search_metrics.incremental_settings(setting_names)) -%}
        {%- set columns = 'cast(' ~ digest ~ ' as ' ~ dbt.type_string() ~ ') as build_settings, cast(' ~ text ~ ' as '
            ~ dbt.type_string() ~ ') as settings_text' -%}
        {%- if keep_recorded and load_relation(record) is not none -%}
            {%- do run_query('insert into ' ~ record ~ ' select ' ~ columns ~ ' where not exists (select 1 from '
                ~ record ~ ' as recorded where recorded.build_settings = ' ~ digest ~ ')') -%}
        {%- else -%}
            {%- do run_query('drop table if exists ' ~ record) -%}
            {%- do run_query('create table ' ~ record ~ table_options ~ ' as select ' ~ columns) -%}
            {%- do adapter.cache_added(record) -%}
        {%- endif -%}
    {%- endif -%}
{%- endmacro %}

{#- Spark: a Parquet table (a table without `using` needs Hive support, which a session catalog in memory lacks) -#}
{% macro spark__write_build_settings(setting_names, keep_recorded=false) -%}
    {%- do search_metrics.default__write_build_settings(setting_names, keep_recorded, table_options=' using parquet') -%}
{%- endmacro %}
