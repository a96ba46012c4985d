{#-
  Per compared pair of runs, metric, k and risk aversion alpha (var search_metrics_risk: alphas, hurt_threshold):
  the risk-sensitive reading of search_query_deltas' per-query deltas (docs/comparisons.md, "Risk against the
  baseline"). Over the n_queries queries where both runs have a value (n_unpaired_queries: the queries either run
  returned without both values, counted, not in the sample):
    risk-adjusted delta r_i = d_i when d_i >= 0, (1 + alpha) d_i when d_i < 0
    urisk  = mean(r_i)                                      (Wang, Bennett & Collins-Thompson 2012)
    trisk  = urisk / (sd(r_i) / sqrt(n)), sd with n - 1      (Dincer, Macdonald & Ounis 2014); null when n < 2 or
             every r_i is equal (sd <= 1e-12 * max(1, max |r_i|), the paired t-test's rule)
    hurt_queries = #{d_i < -hurt_threshold - 1e-12}, hurt_share = hurt_queries / n (null when n = 0)
  mean_delta is urisk at alpha = 0. A row for every (pair, metric, k) search_query_deltas has and every configured
  alpha, also when no query is paired (n_queries = 0: mean_delta, urisk, trisk and hurt_share null).
  A plain table rebuilt in full by every build (it reads only search_query_deltas, one row per pair, query, metric
  and k).
-#}
{%- set model_enabled = search_metrics.family_enabled('comparisons') -%}
{{ config(enabled=model_enabled, materialized='table') }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_risk_settings() -%}
{%- set tie = search_metrics.as_double('1e-12') -%}

with alphas as (
    {{ search_metrics.risk_alphas_relation(settings.alphas) | indent(4) }}
),

query_deltas as (
    select
        baseline,
        candidate,
        metric,
        k,
        coalesce(k, 0) as k_key,
        delta
    from {{ ref('search_query_deltas') }}
),

pair_summaries as (
    select
        baseline,
        candidate,
        metric,
        k,
        k_key,
        count(delta) as n_queries,
        count(*) - count(delta) as n_unpaired_queries,
        avg(delta) as mean_delta,
        sum(case when delta < -{{ search_metrics.as_double(settings.hurt_threshold) }} - {{ tie }} then 1 else 0 end) as hurt_queries
    from query_deltas
    group by baseline, candidate, metric, k, k_key
),

risk_deltas as (
    select
        query_deltas.baseline,
        query_deltas.candidate,
        query_deltas.metric,
        query_deltas.k_key,
        alphas.alpha_index,
        case
            when query_deltas.delta < 0 then (1 + alphas.alpha) * query_deltas.delta
            else query_deltas.delta
        end as delta
    from query_deltas
    cross join alphas
    where query_deltas.delta is not null
),

risk_statistics as (
    {#- URisk, the mean of the risk-adjusted deltas, and TRisk, their one-sample t statistic #}
    {{ search_metrics.one_sample_t_statistic('risk_deltas', ['baseline', 'candidate', 'metric', 'k_key', 'alpha_index']) | indent(4) }}
)

select
    cast(pair_summaries.baseline as {{ dbt.type_string() }}) as baseline,
    cast(pair_summaries.candidate as {{ dbt.type_string() }}) as candidate,
    pair_summaries.metric,
    cast(pair_summaries.k as {{ dbt.type_int() }}) as k,
    {{ search_metrics.as_double('alphas.alpha') }} as alpha,
    cast(pair_summaries.n_queries as {{ dbt.type_bigint() }}) as n_queries,
    cast(pair_summaries.n_unpaired_queries as {{ dbt.type_bigint() }}) as n_unpaired_queries,
    {{ search_metrics.as_double('pair_summaries.mean_delta') }} as mean_delta,
    {{ search_metrics.as_double('risk_statistics.mean_delta') }} as urisk,
    risk_statistics.t_statistic as trisk,
    cast(pair_summaries.hurt_queries as {{ dbt.type_bigint() }}) as hurt_queries,
    case
        when pair_summaries.n_queries > 0
            then {{ search_metrics.as_double('pair_summaries.hurt_queries') }} / pair_summaries.n_queries
    end as hurt_share
from pair_summaries
cross join alphas
left join risk_statistics
    on risk_statistics.baseline = pair_summaries.baseline
    and risk_statistics.candidate = pair_summaries.candidate
    and risk_statistics.metric = pair_summaries.metric
    and risk_statistics.k_key = pair_summaries.k_key
    and risk_statistics.alpha_index = alphas.alpha_index
{%- endif %}
