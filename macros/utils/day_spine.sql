{#-
  One row per day from `start_date` (included) to `end_date` (excluded), one column date_day. Both arguments are
  SQL date expressions.
    default: dbt's date_spine (a cross join of 15 two-row selects, numbered by a window over all rows).
    spark: one generator, explode(sequence(...)): Spark ran dbt's spine as a window in one partition, with a
      global sort, and it was the slowest model of the demo build (bench/README.md, "Spark").
    bigquery: unnest(generate_date_array(start, end - 1 day)); trino: unnest(sequence(start, end - 1 day)) (dbt's
      spine adds days with dbt.dateadd, whose default dateadd() neither has).
-#}
{% macro day_spine(start_date, end_date) %}
    {{- return(adapter.dispatch('day_spine', 'search_metrics')(start_date, end_date)) -}}
{% endmacro %}

{% macro default__day_spine(start_date, end_date) -%}
    {{ dbt.date_spine('day', start_date, end_date) }}
{%- endmacro %}

{% macro spark__day_spine(start_date, end_date) -%}
    select explode(sequence({{ start_date }}, date_add({{ end_date }}, -1), interval 1 day)) as date_day
{%- endmacro %}

{% macro bigquery__day_spine(start_date, end_date) -%}
    select date_day from unnest(generate_date_array({{ start_date }}, date_sub({{ end_date }}, interval 1 day))) as date_day
{%- endmacro %}

{% macro trino__day_spine(start_date, end_date) -%}
    select date_day from unnest(sequence({{ start_date }}, date_add('day', -1, {{ end_date }}))) as spine (date_day)
{%- endmacro %}
