{#-
  A timestamp as whole microseconds since 1970-01-01 00:00:00 (bigint), the unit of the online evaluation's time
  arithmetic: differences of it are exact integers on every engine, and seconds = difference / 1e6 in double
  precision. Only differences are used, so the session time zone does not matter (except across a daylight-saving
  change on Spark, whose timestamps are instants in the session's zone).
-#}
{% macro epoch_microseconds(timestamp) %}
    {{- return(adapter.dispatch('epoch_microseconds', 'search_metrics')(timestamp)) -}}
{% endmacro %}

{#- PostgreSQL and DuckDB: extract(epoch) is the seconds as a number (numeric, double) whose microseconds round()
    recovers exactly (a double holds them until the year 2255); a form every dialect's parser knows -#}
{% macro default__epoch_microseconds(timestamp) -%}
    cast(round(extract(epoch from {{ timestamp }}) * 1000000) as {{ dbt.type_bigint() }})
{%- endmacro %}

{% macro spark__epoch_microseconds(timestamp) -%}
    unix_micros({{ timestamp }})
{%- endmacro %}
