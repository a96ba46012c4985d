{#-
  A candidate ranker's click metrics estimated from the click logs, over every logged day: one row per (candidate_run_id,
  search_type, metric, factor, cutoff, estimator) (macro counterfactual_estimates). Definitions:
  docs/counterfactual.md.
-#}
{{ config(enabled=search_metrics.family_enabled('counterfactual')) }}
{%- if search_metrics.family_enabled('counterfactual') %}
{{ search_metrics.counterfactual_estimates(by_day=false) }}
{%- else %}
select 1 as disabled
{%- endif %}
