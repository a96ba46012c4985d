{#-
  The build's current time: dbt's run_started_at in UTC, plus `plus_seconds` (a number, default 0), as a SQL
  timestamp literal (whole seconds, no time zone). Input timestamps are compared with it as they are (read as
  UTC-comparable); the future tolerance absorbs a time-zone offset (docs/clicks.md).
-#}
{% macro build_time(plus_seconds=0) %}
    {{- return(adapter.dispatch('build_time', 'search_metrics')(plus_seconds)) -}}
{% endmacro %}

{% macro default__build_time(plus_seconds=0) -%}
    {%- set started = run_started_at -%}
    {%- if started.tzinfo is not none -%}
        {%- set started = started.astimezone(modules.pytz.utc) -%}
    {%- endif -%}
    {%- set at = started + modules.datetime.timedelta(seconds=plus_seconds) -%}
    cast('{{ at.strftime("%Y-%m-%d %H:%M:%S") }}' as {{ dbt.type_timestamp() }})
{%- endmacro %}
