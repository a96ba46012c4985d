{#-
  The Kaplan-Meier estimate of the click dwell per (experiment, bucket, search_type), search_type '(all)' being every
  type together, read at the check-in times of var search_metrics_online_evaluation.checkin_seconds, with
  n_at_risk, n_dwells, n_censored and the median dwell (docs/experiments.md). The estimator and its conventions are
  those of search_dwell_survival (the kaplan_meier macro), over the clicks of search_metrics_int_experiment_dwells:
  the experiment's searches of units with one bucket. Only an (experiment, bucket, search_type) with a click has
  rows, one per check-in time. Enabled with the experiments and sessions families; a table rebuilt from every day.
-#}
{%- set model_enabled = search_metrics.family_enabled('experiments') and search_metrics.family_enabled('sessions') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}

with experiment_dwells as (
    select experiment, bucket, search_type, dwell_us, is_censored
    from {{ ref('search_metrics_int_experiment_dwells') }}
),

dwell_survival as (
    {{ search_metrics.kaplan_meier('experiment_dwells', ['experiment', 'bucket', 'search_type']) | indent(4) }}
)

select
    experiment,
    bucket,
    search_type,
    checkin_seconds,
    survival,
    n_at_risk,
    n_dwells,
    n_censored,
    median_dwell_seconds
from dwell_survival
{%- endif %}
