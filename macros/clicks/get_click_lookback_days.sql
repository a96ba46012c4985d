{#-
  The days an incremental click model rebuilds behind its latest built day: var search_metrics_click_lookback_days
  (default 3), a whole number from 0 to 36500 (100 years). Returns it as an int; fails at compile time otherwise.
  click_recompute_filter reads it (a getter, so the var rule is checked with the others: var_rules.py).
-#}
{% macro get_click_lookback_days() %}
    {{- return(adapter.dispatch('get_click_lookback_days', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_click_lookback_days() %}
    {%- set lookback = var('search_metrics_click_lookback_days', 3) -%}
    {%- if not search_metrics.is_number(lookback, whole=true) or lookback < 0 or lookback > 36500 -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_click_lookback_days must be a whole number >= 0 and <= 36500 (100 years), got " ~ lookback ~ search_metrics.number_text_hint(lookback)) -}}
    {%- endif -%}
    {{- return(lookback | int) -}}
{% endmacro %}
