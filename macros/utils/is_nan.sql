{#-
  True when a numeric expression is NaN, false when it is a number (±infinity included), null when it is null.
  DuckDB, PostgreSQL and Spark take NaN = NaN as true (NaN sorts above every number), so `x <> x` never finds it
  there; an engine with IEEE comparisons (BigQuery) finds it only so. The default tests both: each is true for NaN
  alone. `expression`: a numeric SQL expression of any type (a whole-number or decimal type is never NaN, except
  PostgreSQL's numeric 'NaN', which this finds too).
-#}
{% macro is_nan(expression) %}
    {{- return(adapter.dispatch('is_nan', 'search_metrics')(expression)) -}}
{% endmacro %}

{% macro default__is_nan(expression) -%}
    ({{ expression }} = cast('NaN' as {{ search_metrics.type_double() }}) or {{ expression }} <> {{ expression }})
{%- endmacro %}
