{#-
  ln(1 + y) to full relative precision for y > -1, as a SQL expression (PostgreSQL has no log1p). ln(1 + y) itself
  loses the digits of a small y (1 + y rounds): df * ln(1 + t^2/df) at df = 1e8 would be wrong in its eighth
  digit. Goldberg's form (What every computer scientist should know about floating-point arithmetic, 1991, thm 4):
      u = 1 + y;  ln(1 + y) = y                      when u = 1,
                            = y ln(u) / (u - 1)      otherwise,
  within a few ulps (u - 1 is exact, and ln(u) / (u - 1) varies slowly); measured 3.3e-16 relative on DuckDB and
  PostgreSQL over y in [-1/2, 1] (tests/python/test_statistics_functions.py checks the p-values it feeds at
  df = 1e8). It relies on the engine not rewriting (1 + y) - 1 as y, which none of DuckDB, PostgreSQL or Spark does.
  `y` is repeated (five times): pass a column or a literal. Null when y is null.
-#}
{% macro log_one_plus(y) %}
    {{- return(adapter.dispatch('log_one_plus', 'search_metrics')(y)) -}}
{% endmacro %}

{% macro default__log_one_plus(y) -%}
    case when 1 + {{ y }} = 1 then {{ y }} else {{ y }} * ln(1 + {{ y }}) / ((1 + {{ y }}) - 1) end
{%- endmacro %}
