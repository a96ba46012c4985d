{#-
  GeoRisk (Dincer, Macdonald & Ounis, SIGIR 2016) per run, metric, k and risk aversion alpha (var
  search_metrics_risk: alphas), over the runs of the compared pairs (search_metrics_int_comparison_fingerprints:
  the pairs whose two runs have results; by default every run) taken together: each run against all of them, not
  against one baseline (docs/comparisons.md, "Risk against the baseline").
  Per (metric, k), the table x_ij of the n_runs runs i by the c queries j where every run of the set has a value
  (n_queries; n_queries_left_out: the queries some run of the set has a row for but not every run a value):
    S_i = sum_j x_ij, T_j = sum_i x_ij, N = sum_ij x_ij, e_ij = S_i T_j / N,
    z_ij = (x_ij - e_ij) / sqrt(e_ij)  (0 when e_ij = 0, which with x >= 0 means x_ij = 0 too),
    zrisk_i = sum_j (z_ij when z_ij >= 0, (1 + alpha) z_ij when z_ij < 0),
    georisk_i = sqrt(S_i / c * Phi(zrisk_i / c)),
  Phi the standard normal CDF, here 1 - p/2 (or p/2 below 0) with p = P(|Z| >= |zrisk_i / c|) from student_t_tail
  at df 1e15 (relative accuracy in the far tail, where GeoRisk is a square root of a tiny Phi). mean_value = S_i / c. zrisk and georisk are null when c = 0 or when a value of the
  table is negative (the chi-square-style scores need x >= 0).
  A plain table rebuilt in full by every build: a run's GeoRisk depends on every run of the set.
-#}
{%- set model_enabled = search_metrics.family_enabled('comparisons') -%}
{{ config(enabled=model_enabled, materialized='table') }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_risk_settings() -%}

with alphas as (
    {{ search_metrics.risk_alphas_relation(settings.alphas) | indent(4) }}
),

compared_runs as (
    {{ search_metrics.runs_of_pairs(ref('search_metrics_int_comparison_fingerprints')) | indent(4) }}
),

run_count as (
    select count(*) as n_runs from compared_runs
),

metric_values as (
    select
        query_metrics.run_id,
        query_metrics.query_id,
        query_metrics.metric,
        query_metrics.k,
        coalesce(query_metrics.k, 0) as k_key,
        {{ search_metrics.as_double('query_metrics.value') }} as value
    from {{ ref('search_query_metrics') }} as query_metrics
    inner join compared_runs
        on compared_runs.run_id = query_metrics.run_id
),

query_columns as (
    {#- per (metric, k, query): the runs of the set with a value and the column total T_j #}
    select
        metric,
        k_key,
        query_id,
        count(value) as n_values,
        sum(value) as query_total
    from metric_values
    group by metric, k_key, query_id
),

complete_queries as (
    select
        query_columns.metric,
        query_columns.k_key,
        query_columns.query_id,
        query_columns.query_total
    from query_columns
    inner join run_count
        on run_count.n_runs = query_columns.n_values
),

query_counts as (
    select
        query_columns.metric,
        query_columns.k_key,
        count(*) as n_queries_seen,
        sum(case when query_columns.n_values = run_count.n_runs then 1 else 0 end) as n_queries
    from query_columns
    cross join run_count
    group by query_columns.metric, query_columns.k_key
),

cells as (
    select
        metric_values.run_id,
        metric_values.metric,
        metric_values.k_key,
        metric_values.query_id,
        metric_values.value,
        complete_queries.query_total
    from metric_values
    inner join complete_queries
        on complete_queries.metric = metric_values.metric
        and complete_queries.k_key = metric_values.k_key
        and complete_queries.query_id = metric_values.query_id
),

run_totals as (
    select
        run_id,
        metric,
        k_key,
        sum(value) as run_total
    from cells
    group by run_id, metric, k_key
),

table_totals as (
    select
        metric,
        k_key,
        sum(value) as grand_total,
        min(value) as min_value
    from cells
    group by metric, k_key
),

cell_scores as (
    select
        cells.run_id,
        cells.metric,
        cells.k_key,
        case
            when table_totals.grand_total > 0 and run_totals.run_total * cells.query_total > 0
                then (cells.value - run_totals.run_total * cells.query_total / table_totals.grand_total)
                    / sqrt(run_totals.run_total * cells.query_total / table_totals.grand_total)
            else {{ search_metrics.as_double(0) }}
        end as z
    from cells
    inner join run_totals
        on run_totals.run_id = cells.run_id
        and run_totals.metric = cells.metric
        and run_totals.k_key = cells.k_key
    inner join table_totals
        on table_totals.metric = cells.metric
        and table_totals.k_key = cells.k_key
),

zrisks as (
    select
        cell_scores.run_id,
        cell_scores.metric,
        cell_scores.k_key,
        alphas.alpha_index,
        sum(case when cell_scores.z < 0 then (1 + alphas.alpha) * cell_scores.z else cell_scores.z end) as zrisk
    from cell_scores
    cross join alphas
    group by cell_scores.run_id, cell_scores.metric, cell_scores.k_key, alphas.alpha_index
),

normal_input as (
    {#- zrisk / c, whose two-sided normal tail P(|Z| >= |zrisk / c|) is Student's with df 1e15 (the normal to a
        relative 1e-11 down to p ~ 1e-88, where 1 - the integral to |z| would keep only an absolute 1e-16) #}
    select
        zrisks.run_id,
        zrisks.metric,
        zrisks.k_key,
        zrisks.alpha_index,
        zrisks.zrisk,
        zrisks.zrisk / {{ search_metrics.as_double('query_counts.n_queries') }} as z_mean,
        {{ search_metrics.as_double('1e15') }} as df
    from zrisks
    inner join query_counts
        on query_counts.metric = zrisks.metric
        and query_counts.k_key = zrisks.k_key
    inner join table_totals
        on table_totals.metric = zrisks.metric
        and table_totals.k_key = zrisks.k_key
    where table_totals.min_value >= 0
),

normal_tails as (
    {{ search_metrics.student_t_tail('normal_input', ['run_id', 'metric', 'k_key', 'alpha_index'], 'z_mean', 'df') | indent(4) }}
),

run_rows as (
    select distinct
        run_id,
        metric,
        k,
        k_key
    from metric_values
)

select
    cast(run_rows.run_id as {{ dbt.type_string() }}) as run_id,
    run_rows.metric,
    cast(run_rows.k as {{ dbt.type_int() }}) as k,
    {{ search_metrics.as_double('alphas.alpha') }} as alpha,
    cast(run_count.n_runs as {{ dbt.type_bigint() }}) as n_runs,
    cast(coalesce(query_counts.n_queries, 0) as {{ dbt.type_bigint() }}) as n_queries,
    cast(coalesce(query_counts.n_queries_seen - query_counts.n_queries, 0) as {{ dbt.type_bigint() }}) as n_queries_left_out,
    case
        when query_counts.n_queries > 0
            then {{ search_metrics.as_double('run_totals.run_total') }} / query_counts.n_queries
    end as mean_value,
    {{ search_metrics.as_double('normal_input.zrisk') }} as zrisk,
    case
        when normal_input.z_mean >= 0
            then sqrt(run_totals.run_total / query_counts.n_queries * (1 - normal_tails.p_value / 2))
        else sqrt(run_totals.run_total / query_counts.n_queries * (normal_tails.p_value / 2))
    end as georisk
from run_rows
cross join run_count
cross join alphas
left join query_counts
    on query_counts.metric = run_rows.metric
    and query_counts.k_key = run_rows.k_key
left join run_totals
    on run_totals.run_id = run_rows.run_id
    and run_totals.metric = run_rows.metric
    and run_totals.k_key = run_rows.k_key
left join normal_input
    on normal_input.run_id = run_rows.run_id
    and normal_input.metric = run_rows.metric
    and normal_input.k_key = run_rows.k_key
    and normal_input.alpha_index = alphas.alpha_index
left join normal_tails
    on normal_tails.run_id = run_rows.run_id
    and normal_tails.metric = run_rows.metric
    and normal_tails.k_key = run_rows.k_key
    and normal_tails.alpha_index = alphas.alpha_index
{%- endif %}
