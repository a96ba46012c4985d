{#-
  Rule (a warning): an estimate with propensities rests on at least var search_metrics_counterfactual.
  min_effective_sample_size effective searches. Returns each (candidate, search_type, metric, factor, cutoff,
  estimator) below the floor with its effective sample size: its interval is too optimistic to trust
  (docs/counterfactual.md, "Diagnostics"). Only with a propensity column (the direct method has no weights).
-#}
{%- set enabled = search_metrics.family_enabled('counterfactual') -%}
{%- set settings = search_metrics.get_counterfactual_settings() if enabled else {} -%}
{{ config(severity='warn', enabled=enabled and settings.propensity_column is not none) }}
{%- if enabled and settings.propensity_column is not none %}
select
    candidate_run_id,
    search_type,
    metric,
    factor,
    cutoff,
    estimator,
    effective_sample_size,
    'candidate ' || candidate_run_id || ': the effective sample size of its ' || estimator
        || ' estimate is below search_metrics_counterfactual.min_effective_sample_size ({{ settings.min_effective_sample_size }})' as rule_violated
from {{ ref('search_counterfactual_estimates') }}
where effective_sample_size < {{ settings.min_effective_sample_size }}
{%- endif %}
