{#-
  `value`, or 0 when |value| <= 1e-12 × `scale` (both SQL expressions): a difference of terms whose sum of magnitudes
  is `scale` that is that small is rounding error of the subtraction, not a value (a variance of a constant read
  through Σx² − (Σx)²/n, a delta-method variance whose terms cancel). The experiment statistics read such a
  variance as 0 (the test is then undefined) instead of as a tiny number of either sign (docs/experiments.md).
-#}
{% macro zero_below_rounding(value, scale) %}
    {{- return(adapter.dispatch('zero_below_rounding', 'search_metrics')(value, scale)) -}}
{% endmacro %}

{% macro default__zero_below_rounding(value, scale) -%}
    case when abs({{ value }}) <= 1e-12 * ({{ scale }}) then {{ search_metrics.as_double(0) }} else {{ value }} end
{%- endmacro %}
