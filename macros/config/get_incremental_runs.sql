{#-
  Var search_metrics_incremental_runs (default true): the judged models listed in docs/metrics.md ("Incremental
  builds") build only the runs and queries whose inputs changed. false: plain tables, rebuilt in full. A boolean,
  else a compile error.
-#}
{% macro get_incremental_runs() %}
    {{- return(adapter.dispatch('get_incremental_runs', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_incremental_runs() %}
    {%- set value = var('search_metrics_incremental_runs', true) -%}
    {%- if value is not boolean -%}
        {{- exceptions.raise_compiler_error("search_metrics: var search_metrics_incremental_runs must be true or false, got " ~ value) -}}
    {%- endif -%}
    {{- return(value) -}}
{% endmacro %}
