{#-
  How far after the build's current time (build_time) a searched_at, clicked_at or visit_end_at may be before the
  row is read as dated in the future and excluded: var search_metrics_future_tolerance_seconds (default 86400, one
  day, which absorbs any time-zone offset), a number > 0 and at most 3153600000 (100 years). Returns the number;
  fails at compile time otherwise.
-#}
{% macro get_future_tolerance_seconds() %}
    {{- return(adapter.dispatch('get_future_tolerance_seconds', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_future_tolerance_seconds() %}
    {%- set tolerance = var('search_metrics_future_tolerance_seconds', 86400) -%}
    {%- if not search_metrics.is_number(tolerance) or tolerance <= 0 or tolerance > 3153600000 -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_future_tolerance_seconds must be a number > 0 and <= 3153600000 (100 years), got " ~ tolerance ~ search_metrics.number_text_hint(tolerance)) -}}
    {%- endif -%}
    {{- return(tolerance) -}}
{% endmacro %}
