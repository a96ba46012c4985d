{#-
  A relation holding the PaulScore factors, written as UNION ALL so that every engine parses it: one column
  (factor, double), or with with_index=true two, (factor_index, factor), factor_index = the factor's 1-based place in
  the list (a model that carries one column per factor unpivots them with it).
-#}
{% macro factors_relation(factors, with_index=false) %}
    {{- return(adapter.dispatch('factors_relation', 'search_metrics')(factors, with_index)) -}}
{% endmacro %}

{% macro default__factors_relation(factors, with_index=false) -%}
    {%- for factor in factors %}
    select {% if with_index %}{{ loop.index }} as factor_index, {% endif %}cast({{ factor }} as {{ search_metrics.type_double() }}) as factor
    {%- if not loop.last %} union all{% endif %}
    {%- endfor %}
{%- endmacro %}
