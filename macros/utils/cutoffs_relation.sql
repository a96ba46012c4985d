{#- A one-column relation (k) holding the cutoffs, as a literal_relation. -#}
{% macro cutoffs_relation(cutoffs) %}
    {{- return(adapter.dispatch('cutoffs_relation', 'search_metrics')(cutoffs)) -}}
{% endmacro %}

{% macro default__cutoffs_relation(cutoffs) -%}
    {%- set rows = [] -%}
    {%- for k in cutoffs -%}
        {%- do rows.append(['cast(' ~ k ~ ' as ' ~ dbt.type_int() ~ ')']) -%}
    {%- endfor -%}
    {{ search_metrics.literal_relation(['k'], rows) }}
{%- endmacro %}
