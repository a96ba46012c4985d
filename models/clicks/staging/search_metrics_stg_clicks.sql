{#-
  The clicks input (var search_metrics_clicks) with the contract's columns (macro staged_clicks: search_id as text);
  the input data tests run here.
-#}
{%- set model_enabled = search_metrics.family_enabled('clicks') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{{ search_metrics.staged_clicks() }}
{%- endif %}
