{#- 1 = relevant, 0 = graded but not relevant, null = not graded on `scale`: the scale's value >= threshold. -#}
{% macro relevance_expression(scale, threshold) %}
    {{- return(adapter.dispatch('relevance_expression', 'search_metrics')(scale, threshold)) -}}
{% endmacro %}

{% macro default__relevance_expression(scale, threshold) -%}
    case
        when {{ scale }}_value is null then null
        when {{ scale }}_value >= {{ threshold }} then 1
        else 0
    end
{%- endmacro %}
