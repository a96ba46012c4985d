{#- A one-column relation (k) holding the cutoffs, written as UNION ALL so that every engine parses it. -#}
{% macro cutoffs_relation(cutoffs) %}
    {{- return(adapter.dispatch('cutoffs_relation', 'search_metrics')(cutoffs)) -}}
{% endmacro %}

{% macro default__cutoffs_relation(cutoffs) -%}
    {%- for k in cutoffs %}
    select cast({{ k }} as {{ dbt.type_int() }}) as k
    {%- if not loop.last %} union all{% endif %}
    {%- endfor %}
{%- endmacro %}
