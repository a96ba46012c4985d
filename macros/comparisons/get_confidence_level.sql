{#- The bootstrap confidence level: var search_metrics_confidence_level (default 0.95), a number with 0 < level < 1. -#}
{% macro get_confidence_level() %}
    {{- return(adapter.dispatch('get_confidence_level', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_confidence_level() %}
    {%- set level = var('search_metrics_confidence_level', 0.95) -%}
    {%- if not search_metrics.is_number(level) or level <= 0 or level >= 1 -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_confidence_level must be a number between 0 and 1 (exclusive), got " ~ level ~ search_metrics.number_text_hint(level)) -}}
    {%- endif -%}
    {{- return(level) -}}
{% endmacro %}
