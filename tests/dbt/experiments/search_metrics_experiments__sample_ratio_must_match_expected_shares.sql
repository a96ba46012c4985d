{#-
  Rule (warning): an experiment's units per bucket match the expected shares: its sample-ratio chi-square p-value
  is at least var search_metrics_experiments.srm_p_value (default 0.001). A failed check makes every other number of
  the experiment suspect (docs/experiments.md). Returns the failing experiments' buckets.
-#}
{{ config(enabled=search_metrics.family_enabled('experiments'), severity='warn') }}
select
    experiment,
    bucket,
    n_units,
    expected_units,
    p_value,
    'the units per bucket must match the expected shares (sample ratio mismatch: every number of this experiment is suspect)' as rule_violated
from {{ ref('search_experiment_sample_ratios') }}
where not srm_passed
