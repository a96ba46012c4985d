{#-
  The comparisons of the experiments family: one row per (experiment, baseline, candidate) of the buckets of
  `assignments` (search_metrics_int_experiment_assignments: units with one bucket). The baseline is var
  search_metrics_experiments.baseline (a bucket name for every experiment, or {experiment: bucket}; an experiment
  not listed takes the default), by default the experiment's first bucket in binary (code-point) order; every
  other bucket of the experiment is a candidate. An experiment whose configured baseline has no unit has no
  comparison (a data test names it).
-#}
{% macro experiment_pairs(assignments) %}
    {{- return(adapter.dispatch('experiment_pairs', 'search_metrics')(assignments)) -}}
{% endmacro %}

{% macro default__experiment_pairs(assignments) -%}
    {%- set baseline = search_metrics.get_experiment_settings().baseline -%}
    with experiment_buckets as (
        select distinct experiment, bucket
        from {{ assignments }}
        where bucket is not null
    ),

    ordered_buckets as (
        select
            experiment,
            bucket,
            row_number() over (partition by experiment order by {{ search_metrics.binary_order('bucket') }}) as bucket_order
        from experiment_buckets
    ),

    baselines as (
        select
            experiment,
            {%- if baseline is none %}
            max(case when bucket_order = 1 then bucket end) as baseline
            {%- elif baseline is string %}
            cast({{ search_metrics.string_literal(baseline) }} as {{ dbt.type_string() }}) as baseline
            {%- else %}
            case
                {%- for experiment, bucket in baseline.items() %}
                when experiment = {{ search_metrics.string_literal(experiment) }} then {{ search_metrics.string_literal(bucket) }}
                {%- endfor %}
                else max(case when bucket_order = 1 then bucket end)
            end as baseline
            {%- endif %}
        from ordered_buckets
        group by experiment
    )

    select
        baselines.experiment,
        baselines.baseline,
        experiment_buckets.bucket as candidate
    from baselines
    {#- the baseline must be one of the experiment's buckets #}
    inner join experiment_buckets as baseline_buckets
        on baseline_buckets.experiment = baselines.experiment
        and baseline_buckets.bucket = baselines.baseline
    inner join experiment_buckets
        on experiment_buckets.experiment = baselines.experiment
        and experiment_buckets.bucket <> baselines.baseline
{%- endmacro %}
