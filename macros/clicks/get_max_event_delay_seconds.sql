{#-
  The longest plausible gap from a search to its click, and to the end of a page visit of that click: var
  search_metrics_max_event_delay_seconds (default 86400), a number > 0 and at most 3153600000 (100 years). Returns
  the number; fails at compile time otherwise.
-#}
{% macro get_max_event_delay_seconds() %}
    {{- return(adapter.dispatch('get_max_event_delay_seconds', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_max_event_delay_seconds() %}
    {%- set delay = var('search_metrics_max_event_delay_seconds', 86400) -%}
    {%- if not search_metrics.is_number(delay) or delay <= 0 or delay > 3153600000 -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_max_event_delay_seconds must be a number > 0 and <= 3153600000 (100 years), got " ~ delay ~ search_metrics.number_text_hint(delay)) -}}
    {%- endif -%}
    {{- return(delay) -}}
{% endmacro %}
