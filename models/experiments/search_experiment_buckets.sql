{#-
  Every metric per (experiment, bucket, search_type) (docs/experiments.md): the bucket's units (with one bucket in
  the experiment), the sums of the metric's per-unit numerators and denominators, its mean (the ratio of the sums;
  for a per-unit metric the mean over units), the per-unit delta-method variance and the standard error
  sqrt(variance / n_units) (experiment_arm_statistics). search_type '(all)' is every search type together.
-#}
{%- set model_enabled = search_metrics.family_enabled('experiments') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set keys = ['experiment', 'bucket', 'search_type', 'metric_index'] %}

with moments as (
    select * from {{ ref('search_metrics_int_experiment_moments') }}
),

arm_statistics as (
    {{ search_metrics.experiment_arm_statistics('moments', keys) | indent(4) }}
)

select
    moments.experiment,
    moments.bucket,
    moments.search_type,
    moments.metric,
    moments.factor,
    moments.metric_kind,
    moments.n_units,
    {{ search_metrics.as_double('moments.sum_m') }} as numerator_sum,
    {{ search_metrics.as_double('moments.sum_d') }} as denominator_sum,
    {{ search_metrics.as_double('arm_statistics.mean') }} as mean,
    {{ search_metrics.as_double('arm_statistics.variance') }} as variance,
    case when arm_statistics.variance >= 0 then {{ search_metrics.as_double('sqrt(arm_statistics.variance / moments.n_units)') }} end as standard_error
from moments
inner join arm_statistics
    on {% for column in keys %}arm_statistics.{{ column }} = moments.{{ column }}{% if not loop.last %}
    and {% endif %}{% endfor %}
{%- endif %}
