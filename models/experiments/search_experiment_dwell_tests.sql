{#-
  The log-rank test of the dwell curves of two buckets: one row per (experiment, baseline, candidate, search_type)
  (experiment_pairs; search_type '(all)' = every type together) where both buckets have a click
  (docs/experiments.md). The observations are clicks, as in Wikimedia's A/B test reports: each click's dwell
  (search_metrics_int_experiment_dwells; censored dwells at risk at their own time, as in search_dwell_survival), not
  units; the clicks of one unit are taken as independent.
  At each distinct observed dwell time t of either bucket, with n_a, n_b the clicks of each bucket at risk at t
  (dwell >= t), n = n_a + n_b, d the observed dwells at t (both buckets) and d_a the baseline's:
    observed_baseline O = Σ d_a, expected_baseline E = Σ d n_a / n,
    V = Σ n_a n_b d (n − d) / (n² (n − 1)) (a term is 0 when n = 1),
    log_rank_chi_square = (O − E)² / V, p_value = its upper tail of χ² with 1 degree of freedom (chi_square_p_value).
  log_rank_chi_square and p_value are null when V = 0 (no observed dwell while both buckets have a click at risk,
  e.g. one bucket's clicks all censored at 0 s and the other's observed dwells all longer). n_baseline_dwells /
  n_candidate_dwells: every click of each bucket (observed or censored). Enabled with the experiments and sessions
  families.
-#}
{%- set model_enabled = search_metrics.family_enabled('experiments') and search_metrics.family_enabled('sessions') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set keys = ['experiment', 'baseline', 'candidate', 'search_type'] -%}
{%- set double = search_metrics.type_double() -%}
{%- set at_risk_window -%}
    (partition by {{ keys | join(', ') }} order by dwell_us desc rows between unbounded preceding and current row)
{%- endset %}

with pairs as (
    {{ search_metrics.experiment_pairs(ref('search_metrics_int_experiment_assignments')) | indent(4) }}
),

-- one row per (experiment, bucket, search_type) and distinct dwell time: the clicks there and the observed ones
dwell_times as (
    select
        experiment,
        bucket,
        search_type,
        dwell_us,
        count(*) as n_dwells,
        sum(1 - is_censored) as n_events
    from {{ ref('search_metrics_int_experiment_dwells') }}
    group by experiment, bucket, search_type, dwell_us
),

-- per comparison and search type, each distinct dwell time of either bucket with each bucket's counts there
pair_times as (
    select
        pairs.experiment,
        pairs.baseline,
        pairs.candidate,
        dwell_times.search_type,
        dwell_times.dwell_us,
        sum(case when dwell_times.bucket = pairs.baseline then dwell_times.n_dwells else 0 end) as n_dwells_a,
        sum(case when dwell_times.bucket = pairs.baseline then dwell_times.n_events else 0 end) as n_events_a,
        sum(case when dwell_times.bucket = pairs.candidate then dwell_times.n_dwells else 0 end) as n_dwells_b,
        sum(case when dwell_times.bucket = pairs.candidate then dwell_times.n_events else 0 end) as n_events_b
    from pairs
    inner join dwell_times
        on dwell_times.experiment = pairs.experiment
        and (dwell_times.bucket = pairs.baseline or dwell_times.bucket = pairs.candidate)
    group by pairs.experiment, pairs.baseline, pairs.candidate, dwell_times.search_type, dwell_times.dwell_us
),

-- at risk at t: the clicks of the bucket whose dwell (observed or censored) is >= t
risk_sets as (
    select
        pair_times.*,
        sum(n_dwells_a) over {{ at_risk_window }} as n_at_risk_a,
        sum(n_dwells_b) over {{ at_risk_window }} as n_at_risk_b,
        n_events_a + n_events_b as n_events
    from pair_times
),

-- each time's terms (0 where no dwell is observed): E_a = d n_a / n and V = n_a n_b d (n - d) / (n² (n - 1))
log_rank_terms as (
    select
        {% for column in keys %}{{ column }}, {% endfor %}
        n_dwells_a,
        n_dwells_b,
        n_events_a,
        cast(n_events as {{ double }}) * n_at_risk_a / (n_at_risk_a + n_at_risk_b) as expected_a,
        case when n_at_risk_a + n_at_risk_b > 1
            then cast(n_at_risk_a as {{ double }}) * n_at_risk_b * n_events * (n_at_risk_a + n_at_risk_b - n_events)
                / (cast(n_at_risk_a + n_at_risk_b as {{ double }}) * (n_at_risk_a + n_at_risk_b) * (n_at_risk_a + n_at_risk_b - 1))
            else 0
        end as variance
    from risk_sets
),

log_rank_sums as (
    select
        {% for column in keys %}{{ column }}, {% endfor %}
        sum(n_dwells_a) as n_baseline_dwells,
        sum(n_dwells_b) as n_candidate_dwells,
        sum(n_events_a) as observed_baseline,
        sum(expected_a) as expected_baseline,
        sum(variance) as variance
    from log_rank_terms
    group by {{ keys | join(', ') }}
    {#- a comparison needs clicks of the search type in both buckets #}
    having sum(n_dwells_a) > 0 and sum(n_dwells_b) > 0
),

log_rank_statistics as (
    select
        log_rank_sums.*,
        case when variance > 0
            then (observed_baseline - expected_baseline) * (observed_baseline - expected_baseline) / variance
        end as log_rank_chi_square,
        1 as degrees_of_freedom
    from log_rank_sums
),

log_rank_p_values as (
    {{ search_metrics.chi_square_p_value('(select * from log_rank_statistics where log_rank_chi_square is not null) as log_rank_input',
        keys, 'log_rank_chi_square', 'degrees_of_freedom') | indent(4) }}
)

select
    log_rank_statistics.experiment,
    log_rank_statistics.baseline,
    log_rank_statistics.candidate,
    log_rank_statistics.search_type,
    cast(log_rank_statistics.n_baseline_dwells as {{ dbt.type_bigint() }}) as n_baseline_dwells,
    cast(log_rank_statistics.n_candidate_dwells as {{ dbt.type_bigint() }}) as n_candidate_dwells,
    cast(log_rank_statistics.observed_baseline as {{ dbt.type_bigint() }}) as observed_baseline,
    {{ search_metrics.as_double('log_rank_statistics.expected_baseline') }} as expected_baseline,
    {{ search_metrics.as_double('log_rank_statistics.log_rank_chi_square') }} as log_rank_chi_square,
    {{ search_metrics.as_double('log_rank_p_values.p_value') }} as p_value
from log_rank_statistics
left join log_rank_p_values
    on {% for column in keys %}log_rank_p_values.{{ column }} = log_rank_statistics.{{ column }}{% if not loop.last %}
    and {% endif %}{% endfor %}
{%- endif %}
