{#-
  A candidate ranker's click metrics estimated from the click logs, over every logged day: one row per (candidate_run_id,
  search_type, metric, factor, cutoff, estimator) (macro counterfactual_estimates). Definitions:
  docs/counterfactual.md.
-#}
{%- set model_enabled = search_metrics.family_enabled('counterfactual') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- if search_metrics.family_enabled('counterfactual') %}
{{ search_metrics.counterfactual_estimates(by_day=false) }}
{%- else %}
select 1 as disabled
{%- endif %}
{%- endif %}
