{#-
  A build's start (a datetime: dbt's run_started_at, or one read back from a build record) as a SQL timestamp
  literal in UTC to the microsecond, the form built_at_column writes and rows_to_test compares.
-#}
{% macro build_timestamp(started_at) %}
    {{- return(adapter.dispatch('build_timestamp', 'search_metrics')(started_at)) -}}
{% endmacro %}

{% macro default__build_timestamp(started_at) -%}
    {%- set utc = started_at.astimezone(modules.pytz.utc) if started_at.tzinfo else started_at -%}
    cast({{ search_metrics.string_literal(utc.strftime('%Y-%m-%d %H:%M:%S.%f')) }} as {{ dbt.type_timestamp() }})
{%- endmacro %}
