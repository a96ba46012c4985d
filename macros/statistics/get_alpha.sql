{#-
  The two-sided significance level α of the power columns (minimum_detectable_effect, queries_needed):
  var search_metrics_alpha, default 0.05, a number with 0 < α < 1; else a compile error naming the var.
-#}
{% macro get_alpha() %}
    {{- return(adapter.dispatch('get_alpha', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_alpha() %}
    {%- set alpha = var('search_metrics_alpha', 0.05) -%}
    {%- if not search_metrics.is_number(alpha) or alpha <= 0 or alpha >= 1 -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_alpha must be a number between 0 and 1 (exclusive), got " ~ alpha ~ search_metrics.number_text_hint(alpha)) -}}
    {%- endif -%}
    {{- return(alpha) -}}
{% endmacro %}
