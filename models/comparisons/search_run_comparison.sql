{#-
  Per compared pair of runs, metric and k: means over the queries where both runs have a value, wins, losses
  and ties, and three tests of the paired per-query deltas: Student's paired t-test, a sign-flip randomization
  test and a bootstrap confidence interval of the mean delta, both with deterministic hash-based draws
  (identical on every engine). The algorithms are in docs/comparisons.md and the model's YAML description.
  Multiple-testing adjustments (Holm, Benjamini-Hochberg) of both p-values within the family of var
  search_metrics_p_value_family (adjust_p_values, which carries every column of compared: the final select reads
  it alone, so Spark, which inlines a CTE at each use, plans the tests once), and per row the effect size d_z, the minimum detectable effect
  and the queries needed at vars search_metrics_alpha and search_metrics_power (normal approximation, z-quantiles
  computed at compile time by normal_quantile).
  The resampling tests read each pair's sums per replicate for every metric and cutoff from
  search_metrics_int_comparison_resamples (comparison_tests with a spread over metric_group, the (metric, k) pair's
  number in the configured order, and replicate_sums), which an incremental build corrects by the queries that
  moved instead of drawing the pair's tests again.
  Incremental by pair as search_query_deltas is, when the p-values are adjusted within each pair (var
  search_metrics_p_value_family: pair, the default): a pair's rows depend on its own deltas only, and its draws on
  its own seeds, so an unchanged pair keeps its exact p-values. With the family 'report' or 'metric' a pair's
  adjusted p-values depend on the other pairs: a plain table, rebuilt in full.
-#}
{%- set build_settings = search_metrics.comparison_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('comparisons') -%}
{{ config(
    enabled=model_enabled,
    **(search_metrics.judged_incremental_config('search_metrics_int_comparison_fingerprints', ['baseline', 'candidate'],
                                                'comparison_fingerprint', build_settings)
       if search_metrics.get_p_value_family() == 'pair' else {'materialized': 'table'})
) }}
{%- if model_enabled %}
{%- set groups = ['baseline', 'candidate', 'metric', 'k_key'] -%}
{%- set tie = search_metrics.as_double('1e-12') -%}
{%- set double = search_metrics.type_double() -%}
{%- set family = search_metrics.get_p_value_family() -%}
{%- set family_columns = {'pair': ['baseline', 'candidate'], 'report': [], 'metric': ['metric', 'k_key']}[family] -%}
{%- set alpha = search_metrics.get_alpha() -%}
{%- set power = search_metrics.get_power() -%}
{#- z_(1 - alpha/2) + z_power, a compile-time double #}
{%- set z_sum = search_metrics.normal_quantile(1 - alpha / 2) + search_metrics.normal_quantile(power) -%}
{#- every (metric, k_key) search_query_deltas can hold, numbered 1 .. G in the configured order #}
{%- set metric_groups = search_metrics.comparison_metric_groups() %}

with metric_groups as (
    {{- search_metrics.literal_relation(['metric', 'k_key', 'metric_group'], metric_groups) | indent(4) }}
),

pairs_to_build as (
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_comparison_fingerprints'), ['baseline', 'candidate']) | indent(4) }}
),

query_deltas as (
    select
        query_deltas.baseline,
        query_deltas.candidate,
        query_deltas.query_id,
        query_deltas.metric,
        query_deltas.k,
        coalesce(query_deltas.k, 0) as k_key,
        query_deltas.baseline_value,
        query_deltas.candidate_value,
        query_deltas.delta
    from {{ ref('search_query_deltas') }} as query_deltas
    inner join pairs_to_build
        on pairs_to_build.baseline = query_deltas.baseline
        and pairs_to_build.candidate = query_deltas.candidate
),

resample_sums as (
    {#- the pair's resampling sums (sign_flip_sums, bootstrap_sums), kept by
        search_metrics_int_comparison_resamples #}
    select resamples.*
    from {{ ref('search_metrics_int_comparison_resamples') }} as resamples
    inner join pairs_to_build
        on pairs_to_build.baseline = resamples.baseline
        and pairs_to_build.candidate = resamples.candidate
    where resamples.row_kind in ('sign', 'count')
),

paired_deltas as (
    {#- the units of the tests: the paired queries of each group (the resampling sums over them are kept), the
        (metric, k_key) pair by its number alone #}
    select
        query_deltas.baseline,
        query_deltas.candidate,
        metric_groups.metric_group,
        query_deltas.delta,
        query_deltas.query_id as unit_id
    from query_deltas
    inner join metric_groups
        on metric_groups.metric = query_deltas.metric
        and metric_groups.k_key = query_deltas.k_key
    where query_deltas.delta is not null
),

summaries as (
    select
        baseline,
        candidate,
        metric,
        k,
        k_key,
        count(delta) as n_queries,
        avg(case when delta is not null then baseline_value end) as baseline_mean,
        avg(case when delta is not null then candidate_value end) as candidate_mean,
        avg(delta) as mean_delta,
        sum(case when delta > {{ tie }} then 1 else 0 end) as wins,
        sum(case when delta < -{{ tie }} then 1 else 0 end) as losses,
        sum(case when abs(delta) <= {{ tie }} then 1 else 0 end) as ties
    from query_deltas
    group by baseline, candidate, metric, k, k_key
),

comparison_statistics as (
    select
        tests.*,
        metric_groups.metric,
        metric_groups.k_key
    from (
        {{ search_metrics.comparison_tests('paired_deltas', ['baseline', 'candidate'], 'paired',
            {'column': 'metric_group', 'count': metric_groups | length}, 'resample_sums') | indent(8) }}
    ) as tests
    inner join metric_groups
        on metric_groups.metric_group = tests.metric_group
),

compared as (
select
    summaries.baseline,
    summaries.candidate,
    summaries.metric,
    cast(summaries.k as {{ dbt.type_int() }}) as k,
    cast(summaries.n_queries as {{ dbt.type_bigint() }}) as n_queries,
    {{ search_metrics.as_double('summaries.baseline_mean') }} as baseline_mean,
    {{ search_metrics.as_double('summaries.candidate_mean') }} as candidate_mean,
    {{ search_metrics.as_double('summaries.mean_delta') }} as mean_delta,
    summaries.mean_delta / nullif({{ search_metrics.as_double('summaries.baseline_mean') }}, 0) as relative_delta,
    cast(summaries.wins as {{ dbt.type_bigint() }}) as wins,
    cast(summaries.losses as {{ dbt.type_bigint() }}) as losses,
    cast(summaries.ties as {{ dbt.type_bigint() }}) as ties,
    {{ search_metrics.as_double('comparison_statistics.t_statistic') }} as t_statistic,
    {{ search_metrics.as_double('comparison_statistics.p_value_t') }} as p_value_t,
    {{ search_metrics.as_double('comparison_statistics.p_value_randomization') }} as p_value_randomization,
    {{ search_metrics.as_double('comparison_statistics.ci_low') }} as ci_low,
    {{ search_metrics.as_double('comparison_statistics.ci_high') }} as ci_high,
    comparison_statistics.sd_or_zero,
    summaries.k_key
from summaries
left join comparison_statistics
    on {% for column in groups %}comparison_statistics.{{ column }} = summaries.{{ column }}{% if not loop.last %}
    and {% endif %}{% endfor %}
),

adjusted as (
    {{ search_metrics.adjust_p_values('compared', groups, family_columns, ['p_value_t', 'p_value_randomization']) | indent(4) }}
)

select
    adjusted.baseline,
    adjusted.candidate,
    adjusted.metric,
    adjusted.k,
    adjusted.n_queries,
    adjusted.baseline_mean,
    adjusted.candidate_mean,
    adjusted.mean_delta,
    adjusted.relative_delta,
    adjusted.wins,
    adjusted.losses,
    adjusted.ties,
    adjusted.t_statistic,
    adjusted.p_value_t,
    adjusted.p_value_randomization,
    adjusted.ci_low,
    adjusted.ci_high,
    {%- for column in ['p_value_t', 'p_value_randomization'] %}
    {{ search_metrics.as_double('adjusted.' ~ column ~ '_holm') }} as {{ column }}_holm,
    {{ search_metrics.as_double('adjusted.' ~ column ~ '_bh') }} as {{ column }}_bh,
    {%- endfor %}
    {#- d_z = mean / sd; null when n < 2 or every delta is equal (sd_or_zero = 0) #}
    adjusted.mean_delta / nullif(adjusted.sd_or_zero, 0) as effect_size_dz,
    {#- (z_(1-alpha/2) + z_power) sd / sqrt(n) #}
    {{ search_metrics.as_double(z_sum | string) }} * adjusted.sd_or_zero
        / nullif(sqrt({{ search_metrics.as_double('adjusted.n_queries') }}), 0) as minimum_detectable_effect,
    {#- ceil(((z sum) sd / |mean|)^2); null when |mean| <= 1e-12 or every delta is equal; doubles of 1e15 and
        more are whole already (ceil of them could overflow a 64-bit integer on Spark) #}
    case
        when abs(adjusted.mean_delta) > {{ tie }} and adjusted.sd_or_zero > 0 then
            case
                when power({{ search_metrics.as_double(z_sum | string) }} * adjusted.sd_or_zero / abs(adjusted.mean_delta), 2)
                    >= cast(1e15 as {{ double }})
                    then power({{ search_metrics.as_double(z_sum | string) }} * adjusted.sd_or_zero / abs(adjusted.mean_delta), 2)
                else {{ search_metrics.as_double('ceil(power(' ~ search_metrics.as_double(z_sum | string) ~ ' * adjusted.sd_or_zero / abs(adjusted.mean_delta), 2))') }}
            end
    end as queries_needed,
    pairs_to_build.comparison_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from adjusted
inner join pairs_to_build
    on pairs_to_build.baseline = adjusted.baseline
    and pairs_to_build.candidate = adjusted.candidate
{%- endif %}
