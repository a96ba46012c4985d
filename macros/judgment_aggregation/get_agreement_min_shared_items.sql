{#-
  The fewest items two raters must share for search_judgment_agreement to report their Cohen's kappa: var
  search_metrics_agreement_min_shared_items (default 10), a whole number >= 2 (on one shared item kappa is never
  defined). Returns the number; fails at compile time otherwise.
-#}
{% macro get_agreement_min_shared_items() %}
    {{- return(adapter.dispatch('get_agreement_min_shared_items', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_agreement_min_shared_items() %}
    {%- set requested = var('search_metrics_agreement_min_shared_items', 10) -%}
    {%- if not search_metrics.is_number(requested, whole=true) or requested < 2 -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_agreement_min_shared_items must be a whole number of at least 2, got " ~ requested ~ search_metrics.number_text_hint(requested)) -}}
    {%- endif -%}
    {{- return(requested | int) -}}
{% endmacro %}
