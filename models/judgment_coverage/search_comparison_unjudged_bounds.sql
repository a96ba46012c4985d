{#-
  Could the unjudged results reverse a comparison? Per compared pair of runs (search_query_deltas: var
  search_metrics_comparisons), metric and k, over the queries where the delta and the four readings of
  search_query_unjudged_bounds exist:
    mean_delta   the mean of candidate - baseline (today's values)
    delta_low    the mean of candidate's pessimistic - baseline's optimistic reading
    delta_high   the mean of candidate's optimistic - baseline's pessimistic reading
    sign_settled for a metric whose readings are bounds: true when delta_low > 1e-12 or delta_high < -1e-12, i.e. no
                 way of judging the two runs' unjudged results can change which run has the higher mean on these
                 queries; null where the readings are values. A bound within 1e-12 of 0 is a tie (search_run_comparison's
                 tie rule): a mean that is 0 exactly can come out as +-1e-17 in one engine's summation order. Each run
                 is read at its own extreme, the widest case (a doc both runs retrieved cannot be relevant for one and
                 not for the other), so a settled sign is settled.
  Incremental by compared pair (judged_incremental_config, docs/judgments.md "Incremental builds"): each row carries
  its pair's comparison_fingerprint (search_metrics_int_comparison_fingerprints: the two runs' fingerprints, which
  cover the deltas and both runs' readings; the pool depth is a build setting); an incremental build deletes the
  rows of the pairs whose fingerprint moved or that are no longer compared and computes the pairs the table lacks,
  reading only their deltas and their two runs' readings.
-#}
{%- set build_settings = search_metrics.readings_build_settings() -%}
{%- set tie = search_metrics.as_double('1e-12') -%}
{%- set model_enabled = search_metrics.family_enabled('judgment_coverage') and search_metrics.family_enabled('comparisons') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_comparison_fingerprints', ['baseline', 'candidate'],
                                               'comparison_fingerprint', build_settings)
) }}
{%- if model_enabled %}
with comparison_pairs as (
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_comparison_fingerprints'), ['baseline', 'candidate']) | indent(4) }}
),

{%- if is_incremental() %}

{#- the runs of the pairs to build: a join (runs_of_pairs), so that the engine reads no row of the readings when
    there is no pair to build #}
runs_to_read as (
    {{ search_metrics.runs_of_pairs('comparison_pairs') | indent(4) }}
),
{%- endif %}

readings as (
    select
        unjudged_bounds.run_id,
        unjudged_bounds.query_id,
        unjudged_bounds.metric,
        coalesce(unjudged_bounds.k, 0) as k_key,
        unjudged_bounds.pessimistic_value,
        unjudged_bounds.optimistic_value,
        unjudged_bounds.readings_are_bounds
    from {{ ref('search_query_unjudged_bounds') }} as unjudged_bounds
    {%- if is_incremental() %}
    inner join runs_to_read on runs_to_read.run_id = unjudged_bounds.run_id
    {%- endif %}
),

paired_readings as (
    select
        deltas.baseline,
        deltas.candidate,
        comparison_pairs.comparison_fingerprint,
        deltas.metric,
        deltas.k,
        coalesce(deltas.k, 0) as k_key,
        deltas.delta,
        candidate_readings.pessimistic_value - baseline_readings.optimistic_value as low_delta,
        candidate_readings.optimistic_value - baseline_readings.pessimistic_value as high_delta,
        baseline_readings.readings_are_bounds
    from {{ ref('search_query_deltas') }} as deltas
    inner join comparison_pairs
        on comparison_pairs.baseline = deltas.baseline
        and comparison_pairs.candidate = deltas.candidate
    inner join readings as baseline_readings
        on baseline_readings.run_id = deltas.baseline
        and baseline_readings.query_id = deltas.query_id
        and baseline_readings.metric = deltas.metric
        and baseline_readings.k_key = coalesce(deltas.k, 0)
    inner join readings as candidate_readings
        on candidate_readings.run_id = deltas.candidate
        and candidate_readings.query_id = deltas.query_id
        and candidate_readings.metric = deltas.metric
        and candidate_readings.k_key = coalesce(deltas.k, 0)
    where deltas.delta is not null
        and baseline_readings.pessimistic_value is not null
        and baseline_readings.optimistic_value is not null
        and candidate_readings.pessimistic_value is not null
        and candidate_readings.optimistic_value is not null
),

pair_means as (
    select
        baseline,
        candidate,
        comparison_fingerprint,
        metric,
        max(k) as k,
        k_key,
        count(*) as n_queries,
        avg(delta) as mean_delta,
        avg(low_delta) as delta_low,
        avg(high_delta) as delta_high,
        max(case when readings_are_bounds then 1 else 0 end) = 1 as readings_are_bounds
    from paired_readings
    group by baseline, candidate, comparison_fingerprint, metric, k_key
)

select
    baseline,
    candidate,
    metric,
    cast(k as {{ dbt.type_int() }}) as k,
    cast(n_queries as {{ dbt.type_bigint() }}) as n_queries,
    mean_delta,
    delta_low,
    delta_high,
    readings_are_bounds,
    case
        when readings_are_bounds then delta_low > {{ tie }} or delta_high < -{{ tie }}
    end as sign_settled,
    comparison_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from pair_means
{%- endif %}
