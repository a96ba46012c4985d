{#-
  Per compared pair of runs, metric and k: means over the queries where both runs have a value, wins, losses
  and ties, and three tests of the paired per-query deltas: Student's paired t-test, a sign-flip randomization
  test and a bootstrap confidence interval of the mean delta, both with deterministic hash-based draws
  (identical on every engine). The algorithms are in docs/comparisons.md and the model's YAML description.
-#}
{{ config(enabled=search_metrics.family_enabled('comparisons')) }}
{%- set groups = ['baseline', 'candidate', 'metric', 'k_key'] -%}
{%- set tie = search_metrics.as_double('1e-12') -%}

with query_deltas as (
    select
        baseline,
        candidate,
        query_id,
        metric,
        k,
        coalesce(k, 0) as k_key,
        baseline_value,
        candidate_value,
        delta
    from {{ ref('search_query_deltas') }}
),

paired_deltas as (
    {#- unit_index: the query's 1-based position among the group's paired queries, query_id in binary order #}
    select
        baseline,
        candidate,
        metric,
        k_key,
        delta,
        row_number() over (
            partition by baseline, candidate, metric, k_key
            order by {{ search_metrics.binary_order('query_id') }}
        ) as unit_index
    from query_deltas
    where delta is not null
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
    {{ search_metrics.comparison_tests('paired_deltas', groups, 'paired') | indent(4) }}
)

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
    {{ search_metrics.as_double('comparison_statistics.ci_high') }} as ci_high
from summaries
left join comparison_statistics
    on {% for column in groups %}comparison_statistics.{{ column }} = summaries.{{ column }}{% if not loop.last %}
    and {% endif %}{% endfor %}
