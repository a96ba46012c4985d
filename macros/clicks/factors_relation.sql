{#-
  A relation holding the PaulScore factors, as a literal_relation: one column
  (factor, double), or with with_index=true two, (factor_index, factor), factor_index = the factor's 1-based place in
  the list (a model that carries one column per factor unpivots them with it).
-#}
{% macro factors_relation(factors, with_index=false) %}
    {{- return(adapter.dispatch('factors_relation', 'search_metrics')(factors, with_index)) -}}
{% endmacro %}

{% macro default__factors_relation(factors, with_index=false) -%}
    {%- set rows = [] -%}
    {%- for factor in factors -%}
        {%- do rows.append(([loop.index] if with_index else []) + ['cast(' ~ factor ~ ' as ' ~ search_metrics.type_double() ~ ')']) -%}
    {%- endfor -%}
    {{ search_metrics.literal_relation((['factor_index'] if with_index else []) + ['factor'], rows) }}
{%- endmacro %}
