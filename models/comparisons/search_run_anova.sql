{#-
  The two-way analysis of variance without replication (systems x topics, topics as blocks; Sakai 2018, ch. 4) per
  metric and k, over the runs of search_metrics_int_all_systems_values (var search_metrics_all_systems_tests) and
  the topics where every one of them has a value (docs/comparisons.md, "Tests across all systems"). With m systems,
  n topics, x_ij run i's value on topic j, a_i and b_j the system and topic means and G the grand mean:
    ss_systems = n sum_i (a_i - G)^2      df_systems = m - 1
    ss_topics  = m sum_j (b_j - G)^2      df_topics  = n - 1
    ss_residual = sum_ij (x_ij - a_i - b_j + G)^2   df_residual = (m - 1)(n - 1)
    ss_total = sum_ij (x_ij - G)^2;  ms_* = ss_* / df_*;  f_* = ms_* / ms_residual,
  p_value_systems = P(F(df_systems, df_residual) >= f_systems) = E_S[P(chi2_df_systems >= df_systems f S^2)],
  S^2 = chi2_df_residual / df_residual, by scaled_chi_nodes and chi_square_p_value (df_systems <= 1000).
  Null rules: with n = 0 every mean and sum of squares; ms_* when its df is 0; f_*, p_value_systems when
  df_residual = 0 or the residual is nil (sqrt(ms_residual) <= 1e-12 max(1, max|x_ij|)), and p_value_systems when
  df_systems > 1000. One row per (metric, k) of the compared runs' rows. A plain table.
-#}
{%- set model_enabled = search_metrics.all_systems_tests_enabled() -%}
{{ config(enabled=model_enabled, materialized='table') }}
{%- if model_enabled %}

with cells as (
    select run_id, metric, k_key, topic_index, value
    from {{ ref('search_metrics_int_all_systems_values') }}
    where topic_index is not null
),

metric_groups as (
    {#- per (metric, k): m, the queries seen and the topics n #}
    select
        metric,
        k,
        k_key,
        max(n_systems) as n_systems,
        count(distinct query_id) as n_queries_seen,
        count(distinct topic_index) as n_topics
    from {{ ref('search_metrics_int_all_systems_values') }}
    group by metric, k, k_key
),

grand as (
    select
        metric,
        k_key,
        avg(value) as grand_mean,
        max(abs(value)) as max_abs_value
    from cells
    group by metric, k_key
),

{#- each factor's means (a_i per system, b_j per topic) and their squared deviations from G, summed #}
{%- for factor, key in [('system', 'run_id'), ('topic', 'topic_index')] %}
{{ factor }}_means as (
    select metric, k_key, {{ key }}, avg(value) as {{ factor }}_mean
    from cells
    group by metric, k_key, {{ key }}
),

{{ factor }}_squares as (
    select {{ factor }}_means.metric, {{ factor }}_means.k_key, sum(power({{ factor }}_means.{{ factor }}_mean - grand.grand_mean, 2)) as squares
    from {{ factor }}_means
    inner join grand
        on grand.metric = {{ factor }}_means.metric
        and grand.k_key = {{ factor }}_means.k_key
    group by {{ factor }}_means.metric, {{ factor }}_means.k_key
),
{% endfor %}
cell_squares as (
    select
        cells.metric,
        cells.k_key,
        sum(power(cells.value - system_means.system_mean - topic_means.topic_mean + grand.grand_mean, 2)) as residual_squares,
        sum(power(cells.value - grand.grand_mean, 2)) as total_squares
    from cells
    inner join system_means
        on system_means.metric = cells.metric
        and system_means.k_key = cells.k_key
        and system_means.run_id = cells.run_id
    inner join topic_means
        on topic_means.metric = cells.metric
        and topic_means.k_key = cells.k_key
        and topic_means.topic_index = cells.topic_index
    inner join grand
        on grand.metric = cells.metric
        and grand.k_key = cells.k_key
    group by cells.metric, cells.k_key
),

anova as (
    select
        metric_groups.metric,
        metric_groups.k,
        metric_groups.k_key,
        metric_groups.n_systems,
        metric_groups.n_topics,
        metric_groups.n_queries_seen - metric_groups.n_topics as n_queries_left_out,
        grand.grand_mean,
        metric_groups.n_topics * system_squares.squares as ss_systems,
        metric_groups.n_systems * topic_squares.squares as ss_topics,
        cell_squares.residual_squares as ss_residual,
        cell_squares.total_squares as ss_total,
        metric_groups.n_systems - 1 as df_systems,
        case when metric_groups.n_topics > 0 then metric_groups.n_topics - 1 end as df_topics,
        case when metric_groups.n_topics > 0 then (metric_groups.n_systems - 1) * (metric_groups.n_topics - 1) end as df_residual,
        grand.max_abs_value
    from metric_groups
    left join grand
        on grand.metric = metric_groups.metric
        and grand.k_key = metric_groups.k_key
    left join system_squares
        on system_squares.metric = metric_groups.metric
        and system_squares.k_key = metric_groups.k_key
    left join topic_squares
        on topic_squares.metric = metric_groups.metric
        and topic_squares.k_key = metric_groups.k_key
    left join cell_squares
        on cell_squares.metric = metric_groups.metric
        and cell_squares.k_key = metric_groups.k_key
),

mean_squares as (
    select
        anova.*,
        case when df_systems > 0 then ss_systems / df_systems end as ms_systems,
        case when df_topics > 0 then ss_topics / df_topics end as ms_topics,
        case when df_residual > 0 then ss_residual / df_residual end as ms_residual,
        case
            when df_residual > 0 and sqrt(ss_residual / df_residual)
                > 1e-12 * case when max_abs_value > 1 then max_abs_value else 1 end
                then 1 else 0
        end as has_residual
    from anova
),

f_tests as (
    select
        metric,
        k_key,
        df_systems,
        {{ search_metrics.as_double('df_residual') }} as df_residual,
        case when has_residual = 1 then ms_systems / ms_residual end as f_systems,
        case when has_residual = 1 then ms_topics / ms_residual end as f_topics
    from mean_squares
),

f_nodes as (
    {#- P(F >= f) = E_S[P(chi2_df1 >= df1 f S^2)]: the chi-square tail at each node of S #}
    select
        metric,
        k_key,
        node_index,
        node_mass,
        df_systems * f_systems * node_s * node_s as chi_statistic,
        df_systems
    from (
        {{ search_metrics.scaled_chi_nodes('f_tests', ['metric', 'k_key', 'df_systems', 'f_systems'], 'case when f_systems is not null then df_residual end') | indent(8) }}
    ) as scaled_nodes
    where node_index is not null
),

chi_tails as (
    {{ search_metrics.chi_square_p_value('f_nodes', ['metric', 'k_key', 'node_index'], 'chi_statistic', 'df_systems') | indent(4) }}
),

f_p_values as (
    select
        f_nodes.metric,
        f_nodes.k_key,
        case when count(chi_tails.p_value) = count(*) then sum(f_nodes.node_mass * case when chi_tails.p_value < 1e-150 then 0 else chi_tails.p_value end) / sum(f_nodes.node_mass) end as p_value_systems
    from f_nodes
    inner join chi_tails
        on chi_tails.metric = f_nodes.metric
        and chi_tails.k_key = f_nodes.k_key
        and chi_tails.node_index = f_nodes.node_index
    group by f_nodes.metric, f_nodes.k_key
)

select
    mean_squares.metric,
    cast(mean_squares.k as {{ dbt.type_int() }}) as k,
    cast(mean_squares.n_systems as {{ dbt.type_bigint() }}) as n_systems,
    cast(mean_squares.n_topics as {{ dbt.type_bigint() }}) as n_topics,
    cast(mean_squares.n_queries_left_out as {{ dbt.type_bigint() }}) as n_queries_left_out,
    {{ search_metrics.as_double('mean_squares.grand_mean') }} as grand_mean,
    {{ search_metrics.as_double('mean_squares.ss_systems') }} as ss_systems,
    {{ search_metrics.as_double('mean_squares.ss_topics') }} as ss_topics,
    {{ search_metrics.as_double('mean_squares.ss_residual') }} as ss_residual,
    {{ search_metrics.as_double('mean_squares.ss_total') }} as ss_total,
    cast(mean_squares.df_systems as {{ dbt.type_bigint() }}) as df_systems,
    cast(mean_squares.df_topics as {{ dbt.type_bigint() }}) as df_topics,
    cast(mean_squares.df_residual as {{ dbt.type_bigint() }}) as df_residual,
    {{ search_metrics.as_double('mean_squares.ms_systems') }} as ms_systems,
    {{ search_metrics.as_double('mean_squares.ms_topics') }} as ms_topics,
    {{ search_metrics.as_double('mean_squares.ms_residual') }} as ms_residual,
    {{ search_metrics.as_double('f_tests.f_systems') }} as f_systems,
    {{ search_metrics.as_double('f_p_values.p_value_systems') }} as p_value_systems,
    {{ search_metrics.as_double('f_tests.f_topics') }} as f_topics
from mean_squares
left join f_tests
    on f_tests.metric = mean_squares.metric
    and f_tests.k_key = mean_squares.k_key
left join f_p_values
    on f_p_values.metric = mean_squares.metric
    and f_p_values.k_key = mean_squares.k_key
{%- endif %}
