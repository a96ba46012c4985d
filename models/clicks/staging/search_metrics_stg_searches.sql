{#-
  The searches input (var search_metrics_searches) with the contract's columns (macro staged_searches: ids as text;
  the query, experiment, bucket and unit columns the vars name); the input data tests run here.
-#}
{%- set model_enabled = search_metrics.family_enabled('clicks') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{{ search_metrics.staged_searches() }}
{%- endif %}
