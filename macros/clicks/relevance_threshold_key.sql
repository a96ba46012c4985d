{#-
  A grade threshold of search_click_judgments as relevance_key compares it: the threshold (a number) rounded to
  12 decimals, as an integer count of 1e-12, computed at compile time (floor(threshold * 1e12 + 0.5)).
-#}
{% macro relevance_threshold_key(threshold) %}
    {{- return(adapter.dispatch('relevance_threshold_key', 'search_metrics')(threshold)) -}}
{% endmacro %}

{% macro default__relevance_threshold_key(threshold) -%}
    {{ ((threshold * 1000000000000 + 0.5) // 1) | int }}
{%- endmacro %}
