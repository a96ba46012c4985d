{#- A one-column relation (factor, double) holding the PaulScore factors, written as UNION ALL so that every engine parses it. -#}
{% macro factors_relation(factors) %}
    {{- return(adapter.dispatch('factors_relation', 'search_metrics')(factors)) -}}
{% endmacro %}

{% macro default__factors_relation(factors) -%}
    {%- for factor in factors %}
    select cast({{ factor }} as {{ search_metrics.type_double() }}) as factor
    {%- if not loop.last %} union all{% endif %}
    {%- endfor %}
{%- endmacro %}
