{#-
  The power of the power columns (minimum_detectable_effect, queries_needed): var search_metrics_power,
  default 0.8, a number with 0 < power < 1; else a compile error naming the var.
-#}
{% macro get_power() %}
    {{- return(adapter.dispatch('get_power', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_power() %}
    {%- set power = var('search_metrics_power', 0.8) -%}
    {%- if not search_metrics.is_number(power) or power <= 0 or power >= 1 -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_power must be a number between 0 and 1 (exclusive), got " ~ power ~ search_metrics.number_text_hint(power)) -}}
    {%- endif -%}
    {{- return(power) -}}
{% endmacro %}
