{#-
  A date expression plus `days` (a whole number, negative to go back), as a date; null stays null.
  Default: the adapter's dbt.dateadd. Spark: date_add(date, n) -- dbt-spark's dateadd wraps its argument in
  assert_true(... is not null), which fails on the null that max() gives over an empty table.
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
