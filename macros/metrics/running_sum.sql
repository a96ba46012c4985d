{#-
  A plan's window term (metric_plan): the running sum of `expression` over the rows of each (run_id, query_id) in
  `order` (an ORDER BY list that ends in a tie-breaker: rank, doc_id), through the current row or, with
  through='1 preceding', over the rows before it (null for the first row). Rows whose expression is null add
  nothing, so a filter of the rows becomes a case in the expression and every term over one order shares its sort.
-#}
{% macro running_sum(expression, order='rank, doc_id', through='current row') %}
    {{- return(adapter.dispatch('running_sum', 'search_metrics')(expression, order, through)) -}}
{% endmacro %}

{% macro default__running_sum(expression, order, through) -%}
    sum({{ expression }}) over (
        partition by run_id, query_id
        order by {{ order }}
        rows between unbounded preceding and {{ through }}
    )
{%- endmacro %}
