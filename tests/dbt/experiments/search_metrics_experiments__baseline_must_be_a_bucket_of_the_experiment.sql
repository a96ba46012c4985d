{#-
  Rule: the baseline that var search_metrics_experiments.baseline names for an experiment is one of its buckets
  (of its units with one bucket); else the experiment would have no comparison. Returns the experiments whose
  configured baseline has no unit. Only with a configured baseline.
-#}
{%- set baseline = search_metrics.get_experiment_settings().baseline if search_metrics.family_enabled('experiments') else none -%}
{{ config(enabled=search_metrics.family_enabled('experiments') and baseline is not none) }}
{%- if baseline is not none %}
with experiments as (
    select
        experiment,
        sum(case when bucket = (
            {%- if baseline is string %}
            {{ search_metrics.string_literal(baseline) }}
            {%- else %}
            case
                {%- for experiment, bucket in baseline.items() %}
                when experiment = {{ search_metrics.string_literal(experiment) }} then {{ search_metrics.string_literal(bucket) }}
                {%- endfor %}
            end
            {%- endif %}
        ) then 1 else 0 end) as n_baseline_units
    from {{ ref('search_metrics_int_experiment_assignments') }}
    where bucket is not null
    group by experiment
)

select
    experiment,
    'the configured baseline (search_metrics_experiments.baseline) must be a bucket of the experiment' as rule_violated
from experiments
where n_baseline_units = 0
    {%- if baseline is mapping %}
    and experiment in ({% for experiment in baseline %}{{ search_metrics.string_literal(experiment) }}{% if not loop.last %}, {% endif %}{% endfor %})
    {%- endif %}
{%- endif %}
