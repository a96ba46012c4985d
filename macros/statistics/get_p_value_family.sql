{#-
  The family of the multiple-testing adjustments (adjust_p_values): var search_metrics_p_value_family,
  default 'pair'. 'pair' = the rows of one baseline-candidate pair, 'report' = every row of the table,
  'metric' = every pair's row of one metric and k (search_run_comparison). Anything else is a compile error
  naming the var.
-#}
{% macro get_p_value_family() %}
    {{- return(adapter.dispatch('get_p_value_family', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_p_value_family() %}
    {%- set family = var('search_metrics_p_value_family', 'pair') -%}
    {%- if family is not string or family not in ('pair', 'report', 'metric') -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_p_value_family must be one of 'pair', 'report', 'metric', got " ~ family) -}}
    {%- endif -%}
    {{- return(family) -}}
{% endmacro %}
