{#-
  The median of a numeric expression as an aggregate, with linear interpolation between the two middle values
  (percentile_cont(0.5); numpy's median). Nulls are ignored; null when there is no value.
-#}
{% macro median(expression) %}
    {{- return(adapter.dispatch('median', 'search_metrics')(expression)) -}}
{% endmacro %}

{% macro default__median(expression) -%}
    percentile_cont(0.5) within group (order by {{ expression }})
{%- endmacro %}
