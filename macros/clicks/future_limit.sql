{#-
  The latest timestamp an input row may carry: the build's current time plus var
  search_metrics_future_tolerance_seconds, as a SQL timestamp literal. A searched_at, clicked_at or visit_end_at
  after it is dated in the future: the row is excluded from every model, counted in search_input_quality and
  listed by a warning-level data test (docs/clicks.md).
-#}
{% macro future_limit() %}
    {{- return(adapter.dispatch('future_limit', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__future_limit() -%}
    {{ search_metrics.build_time(search_metrics.get_future_tolerance_seconds()) }}
{%- endmacro %}
