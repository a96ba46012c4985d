{#-
  Two-sided p-value of Student's t distribution with a real (fractional) df > 0, per row of `relation`:
      p_value = P(|T| >= |t|) = 2 (1 - T_df(|t|)),
  Welch's t-test p-value as gbstats computes it, 2 * (1 - scipy.stats.t.cdf(abs(t), df)). Without lgamma or erf:
  the series of the incomplete beta function where |t| >= sqrt(df), Gauss-Legendre quadrature of the density
  below (student_t_tail_terms says how). Agrees with scipy.stats.t to |delta| <= 1e-12 (measured ~2e-15) for
  0.05 <= df <= 1e8 and 0 <= |t| <= 1e6, on DuckDB, PostgreSQL and Spark (tests/python/test_statistics_functions.py),
  and keeps a relative accuracy of ~1e-13 for p down to ~1e-250.
  `relation` has the group columns (they identify a row), a t column and a df column. Returns the group columns and
  p_value (double, in [0, 1]), one row per row of `relation`; p_value is null when t is null or df is null or
  <= 0 (the row is kept). df above 1e15 is read as 1e15.
-#}
{% macro student_t_tail(relation, group_columns, t_column, df_column) %}
    {%- if group_columns | length == 0 -%}
        {{- exceptions.raise_compiler_error("search_metrics: student_t_tail needs at least one group column") -}}
    {%- endif -%}
    {{- return(adapter.dispatch('student_t_tail', 'search_metrics')(relation, group_columns, t_column, df_column)) -}}
{% endmacro %}

{% macro default__student_t_tail(relation, group_columns, t_column, df_column) -%}
    select
        {% for column in group_columns %}{{ column }}, {% endfor %}
        case when tt_p > 1 then {{ search_metrics.as_double(1) }} else tt_p end as p_value
    from (
        {{ search_metrics.student_t_tail_terms(relation, group_columns, t_column, df_column) | indent(8) }}
    ) as student_t_tails
{%- endmacro %}
