{#- 2 raised to a double-valued expression (Spark's ^ is XOR, so power() everywhere). -#}
{% macro power_of_two(expression) %}
    {{- return(adapter.dispatch('power_of_two', 'search_metrics')(expression)) -}}
{% endmacro %}

{% macro default__power_of_two(expression) -%}
    power(cast(2 as {{ search_metrics.type_double() }}), cast({{ expression }} as {{ search_metrics.type_double() }}))
{%- endmacro %}
