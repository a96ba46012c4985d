{#- The gain of a row on `scale`: the value (linear) or 2^value - 1 (exponential); null when not graded. -#}
{% macro gain_expression(scale, gain) %}
    {{- return(adapter.dispatch('gain_expression', 'search_metrics')(scale, gain)) -}}
{% endmacro %}

{% macro default__gain_expression(scale, gain) -%}
    {%- if gain == 'exponential' -%}
    ({{ search_metrics.power_of_two(scale ~ '_value') }} - 1)
    {%- else -%}
    {{ search_metrics.as_double(scale ~ '_value') }}
    {%- endif -%}
{%- endmacro %}
