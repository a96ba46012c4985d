{#-
  A plan's pair term (metric_plan): `function` (count, sum, min, max) of `expression` over the rows of a
  (run_id, query_id) whose `position` (rank, or a condensed position) is <= k; over every row when k is none (a
  whole-list term). Returns the aggregate's SQL.
-#}
{% macro at_cutoff(function, expression, k, position='rank') %}
    {{- return(adapter.dispatch('at_cutoff', 'search_metrics')(function, expression, k, position)) -}}
{% endmacro %}

{% macro default__at_cutoff(function, expression, k, position) -%}
    {%- if k is none -%}
    {{ function }}({{ expression }})
    {%- else -%}
    {{ function }}(case when {{ position }} <= {{ k }} then {{ expression }} end)
    {%- endif -%}
{%- endmacro %}
