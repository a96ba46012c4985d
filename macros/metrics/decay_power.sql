{#-
  base^exponent for a compile-time number 0 <= base <= 1 (ndeval's redundancy decay 1 - alpha, NRBP's patience
  beta) and a whole-number expression exponent >= 0: 1 when base is 1; 1 at exponent 0 and else 0 when base is 0
  (0^0 = 1, as C's pow); otherwise persistence_power (0 once the value leaves the double range, where
  PostgreSQL's power() would raise an underflow). Returns a double expression.
-#}
{% macro decay_power(base, exponent) %}
    {{- return(adapter.dispatch('decay_power', 'search_metrics')(base, exponent)) -}}
{% endmacro %}

{% macro default__decay_power(base, exponent) -%}
    {%- if base == 1 -%}
    cast(1 as {{ search_metrics.type_double() }})
    {%- elif base == 0 -%}
    case when {{ exponent }} = 0 then cast(1 as {{ search_metrics.type_double() }}) else cast(0 as {{ search_metrics.type_double() }}) end
    {%- else -%}
    {{ search_metrics.persistence_power(search_metrics.as_double(base), exponent) }}
    {%- endif -%}
{%- endmacro %}
