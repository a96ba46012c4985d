{#-
  p^exponent for a persistence 0 < p < 1 (RBP's rank weights, RBO's depth weights), taken as 0 once
  exponent * ln(p) < -600 (the value is then below 1e-260): PostgreSQL's power() raises "value out of range:
  underflow" where the result leaves the double range, which deep lists reach (0.5^1100, 0.8^3200).
  `persistence`: a double expression; `exponent`: a numeric expression >= 0.
-#}
{% macro persistence_power(persistence, exponent) %}
    {{- return(adapter.dispatch('persistence_power', 'search_metrics')(persistence, exponent)) -}}
{% endmacro %}

{% macro default__persistence_power(persistence, exponent) -%}
    case
        when cast({{ exponent }} as {{ search_metrics.type_double() }}) * ln({{ persistence }}) < -600
            then cast(0 as {{ search_metrics.type_double() }})
        else power({{ persistence }}, cast({{ exponent }} as {{ search_metrics.type_double() }}))
    end
{%- endmacro %}
