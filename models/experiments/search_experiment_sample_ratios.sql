{#-
  The sample-ratio check per experiment (docs/experiments.md): one row per (experiment, bucket) with the bucket's
  units (units seen in one bucket of the experiment), its expected share (var search_metrics_experiments
  .expected_shares, weights normalized over the experiment's buckets; equal shares when unset), the expected
  units, and the experiment's Pearson chi-square of the units per bucket against the expected shares with
  buckets − 1 degrees of freedom and its p-value (scipy.stats.chisquare, gbstats' check_srm); null with one bucket. srm_passed is false
  when the p-value is below var search_metrics_experiments.srm_p_value (default 0.001): then every other number of
  the experiment is suspect, and a warning-level data test lists it. n_contaminated_units: the experiment's units
  seen in two buckets or more, excluded from it.
-#}
{%- set model_enabled = search_metrics.family_enabled('experiments') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_experiment_settings() -%}
{%- set double = search_metrics.type_double() %}

with bucket_units as (
    select
        experiment,
        bucket,
        count(*) as n_units
    from {{ ref('search_metrics_int_experiment_assignments') }}
    where bucket is not null
    group by experiment, bucket
),

contaminated_units as (
    select
        experiment,
        sum(case when bucket is null then 1 else 0 end) as n_contaminated_units
    from {{ ref('search_metrics_int_experiment_assignments') }}
    group by experiment
),

bucket_weights as (
    select
        experiment,
        bucket,
        n_units,
        {%- if settings.expected_shares is none %}
        cast(1 as {{ double }}) as weight
        {%- else %}
        case
            {%- for bucket, weight in settings.expected_shares.items() %}
            when bucket = {{ search_metrics.string_literal(bucket) }} then cast({{ weight }} as {{ double }})
            {%- endfor %}
        end as weight
        {%- endif %}
    from bucket_units
),

expected_units as (
    select
        experiment,
        bucket,
        n_units,
        weight / sum(weight) over (partition by experiment) as expected_share,
        {#- null when a bucket has no weight: then the experiment has no chi-square #}
        count(*) over (partition by experiment) - count(weight) over (partition by experiment) as n_unweighted,
        sum(n_units) over (partition by experiment) as n_experiment_units,
        count(*) over (partition by experiment) as n_buckets
    from bucket_weights
),

chi_square_terms as (
    select
        expected_units.*,
        expected_share * n_experiment_units as n_expected_units,
        (n_units - expected_share * n_experiment_units) * (n_units - expected_share * n_experiment_units)
            / (expected_share * n_experiment_units) as chi_square_term
    from expected_units
),

experiment_statistics as (
    select
        experiment,
        case when max(n_unweighted) = 0 and max(n_buckets) >= 2 then sum(chi_square_term) end as chi_square,
        case when max(n_buckets) >= 2 then max(n_buckets) - 1 end as degrees_of_freedom
    from chi_square_terms
    group by experiment
),

experiment_p_values as (
    {{ search_metrics.chi_square_p_value('(select * from experiment_statistics where degrees_of_freedom >= 1 and chi_square is not null) as srm_input',
        ['experiment'], 'chi_square', 'degrees_of_freedom') | indent(4) }}
)

select
    chi_square_terms.experiment,
    chi_square_terms.bucket,
    cast(chi_square_terms.n_units as {{ dbt.type_bigint() }}) as n_units,
    {{ search_metrics.as_double('chi_square_terms.expected_share') }} as expected_share,
    {{ search_metrics.as_double('chi_square_terms.n_expected_units') }} as expected_units,
    {{ search_metrics.as_double('experiment_statistics.chi_square') }} as chi_square,
    cast(experiment_statistics.degrees_of_freedom as {{ dbt.type_bigint() }}) as degrees_of_freedom,
    {{ search_metrics.as_double('experiment_p_values.p_value') }} as p_value,
    case
        when experiment_p_values.p_value is null then cast(null as {{ dbt.type_boolean() }})
        else experiment_p_values.p_value >= {{ settings.srm_p_value }}
    end as srm_passed,
    cast(coalesce(contaminated_units.n_contaminated_units, 0) as {{ dbt.type_bigint() }}) as n_contaminated_units
from chi_square_terms
inner join experiment_statistics on experiment_statistics.experiment = chi_square_terms.experiment
left join experiment_p_values on experiment_p_values.experiment = chi_square_terms.experiment
left join contaminated_units on contaminated_units.experiment = chi_square_terms.experiment
{%- endif %}
