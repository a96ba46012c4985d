{#-
  Rule (warning): a randomization unit stays in one bucket of an experiment. A unit seen in two buckets or more is
  excluded from that experiment (every search of it; counted in search_input_quality). Returns those units.
-#}
{{ config(enabled=search_metrics.family_enabled('experiments'), severity='warn') }}
select
    experiment,
    unit_id,
    n_buckets,
    n_searches,
    'a unit must stay in one bucket of an experiment; this one is excluded from it' as rule_violated
from {{ ref('search_metrics_int_experiment_assignments') }}
where n_buckets > 1
