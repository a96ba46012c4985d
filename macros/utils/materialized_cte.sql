{#-
  The keyword that makes a CTE be computed once, placed between `name as` and the parenthesis:
  `with tests as {{ search_metrics.materialized_cte() }} (...)`. PostgreSQL (12+) inlines a CTE that is read once
  and may then re-run it for every row of a nested loop it picked on a low row estimate (the comparison tests, one
  pass over replicates x units, ran once per compared group; the t-tests' p-values once per group, and their series
  once per group inside that); `materialized` stops that. Empty elsewhere: DuckDB and
  Spark plan these joins as hash joins, and Redshift has no such keyword. Same result either way.
-#}
{% macro materialized_cte() %}
    {{- return(adapter.dispatch('materialized_cte', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__materialized_cte() -%}
{%- endmacro %}

{% macro postgres__materialized_cte() -%}
    materialized
{%- endmacro %}

{% macro redshift__materialized_cte() -%}
{%- endmacro %}
