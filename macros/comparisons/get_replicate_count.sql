{#-
  A resampling count from a var (search_metrics_permutations, search_metrics_bootstrap_samples): a whole number
  from 1 to 1,000,000 (the hash draws number replicates below 2^20). Fails at compile time otherwise.
-#}
{% macro get_replicate_count(var_name, default=1000) %}
    {{- return(adapter.dispatch('get_replicate_count', 'search_metrics')(var_name, default)) -}}
{% endmacro %}

{% macro default__get_replicate_count(var_name, default) %}
    {%- set requested = var(var_name, default) -%}
    {%- if not search_metrics.is_number(requested, whole=true) or requested < 1 or requested > 1000000 -%}
        {{- exceptions.raise_compiler_error("search_metrics: " ~ var_name ~ " must be a whole number from 1 to 1000000, got " ~ requested ~ search_metrics.number_text_hint(requested)) -}}
    {%- endif -%}
    {{- return(requested | int) -}}
{% endmacro %}
