{#- Base-2 logarithm. ln(x)/ln(2) everywhere by default: PostgreSQL has no log2, and one formula keeps engines close. -#}
{% macro log2(expression) %}
    {{- return(adapter.dispatch('log2', 'search_metrics')(expression)) -}}
{% endmacro %}

{% macro default__log2(expression) -%}
    (ln({{ expression }}) / ln(2))
{%- endmacro %}
