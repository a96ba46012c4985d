{#- Cast an expression to the 64-bit float type (used before every division). -#}
{% macro as_double(expression) %}
    {{- return(adapter.dispatch('as_double', 'search_metrics')(expression)) -}}
{% endmacro %}

{% macro default__as_double(expression) -%}
    cast({{ expression }} as {{ search_metrics.type_double() }})
{%- endmacro %}
