{#-
  The persistence p of rank-biased overlap (search_run_overlap): var search_metrics_rbo_persistence (default 0.9),
  a number with 0 < p < 1. Returns the number; fails at compile time otherwise.
-#}
{% macro get_rbo_persistence() %}
    {{- return(adapter.dispatch('get_rbo_persistence', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_rbo_persistence() %}
    {%- set persistence = var('search_metrics_rbo_persistence', 0.9) -%}
    {%- if not search_metrics.is_number(persistence) or persistence <= 0 or persistence >= 1 -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_rbo_persistence must be a number between 0 and 1 (exclusive), got " ~ persistence ~ search_metrics.number_text_hint(persistence)) -}}
    {%- endif -%}
    {{- return(persistence) -}}
{% endmacro %}
