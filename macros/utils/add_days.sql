{#-
  A date expression plus `days` (a whole number, negative to go back), as a date; null stays null.
  Default: the adapter's dbt.dateadd. Spark: date_add(date, n) -- dbt-spark's dateadd wraps its argument in
  assert_true(... is not null), which fails on the null that max() gives over an empty table. BigQuery and Trino:
  their own date_add (dbt-core's default dateadd writes dateadd(), which neither has; the portability gate compiles
  with dbt-core's defaults where the warehouse adapter is not installed).
-#}
{% macro add_days(date_expression, days) %}
    {{- return(adapter.dispatch('add_days', 'search_metrics')(date_expression, days)) -}}
{% endmacro %}

{% macro default__add_days(date_expression, days) -%}
    cast({{ dbt.dateadd('day', days, date_expression) }} as date)
{%- endmacro %}

{% macro spark__add_days(date_expression, days) -%}
    date_add(cast({{ date_expression }} as date), {{ days }})
{%- endmacro %}

{% macro bigquery__add_days(date_expression, days) -%}
    date_add(cast({{ date_expression }} as date), interval ({{ days }}) day)
{%- endmacro %}

{% macro trino__add_days(date_expression, days) -%}
    date_add('day', {{ days }}, cast({{ date_expression }} as date))
{%- endmacro %}
