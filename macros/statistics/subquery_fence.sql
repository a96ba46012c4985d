{#-
  A clause that ends a subquery and keeps the planner from merging that subquery into the query around it:
  `offset 0` on PostgreSQL, nothing elsewhere. PostgreSQL pulls a simple subquery up into its parent by writing
  each of its expressions into every place that reads the column, so a chain of subqueries whose columns are read
  many times (the 50-term series of student_t_tail_terms reads x 50 times, log_one_plus its argument 70 times)
  becomes one expression whose size is the product of those counts: planning student_t_tail took 6.5 s for one
  row. DuckDB and Spark do not duplicate an expression that way. Same result either way. Place it after the
  subquery's last clause: `(select ... from ... {{ search_metrics.subquery_fence() }}) as name`.
-#}
{% macro subquery_fence() %}
    {{- return(adapter.dispatch('subquery_fence', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__subquery_fence() -%}
{%- endmacro %}

{% macro postgres__subquery_fence() -%}
    offset 0
{%- endmacro %}
