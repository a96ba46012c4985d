{#-
  The weight sweep of every fusion with a weight_grid (var search_metrics_fusions; docs/fusion.md): one row per
  (fusion, configuration, metric, k). configuration_index 0 is the fusion itself (params.weights), 1.. the grid in
  its order; run_id the configuration's fused run. tuning_mean: the mean of the metric over the configuration's
  queries with a value in search_query_metrics that are not held out (n_tuning_queries); holdout_mean over the held
  out ones (n_holdout_queries; null when none): a query is held out when query_hash_share(query_id) < the fusion's
  holdout_share. is_best: the configuration with the highest tuning_mean of its (fusion, metric, k), means within
  1e-12 (relative, at least absolute) of the highest counted as ties, which go to the lowest configuration_index;
  false where the tuning mean is null. The means are sums over a window ordered by query_id, so equal values give
  equal means. Choosing on the tuning queries and reporting the same queries' mean overstates it: read
  holdout_mean of the best configuration (docs/fusion.md).
-#}
{%- set swept = [] -%}
{%- for fusion in search_metrics.get_fusions() if fusion.configurations | length > 1 -%}
    {%- do swept.append(fusion) -%}
{%- endfor -%}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') and (swept | length) > 0 -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set rows = [] -%}
{%- for fusion in swept -%}
    {%- for configuration in fusion.configurations -%}
        {%- do rows.append(['cast(' ~ search_metrics.string_literal(fusion.name) ~ ' as ' ~ dbt.type_string() ~ ')',
                            loop.index0 | string,
                            'cast(' ~ search_metrics.string_literal(configuration.run_id) ~ ' as ' ~ dbt.type_string() ~ ')',
                            'cast(' ~ search_metrics.string_literal(configuration.weights | join(',')) ~ ' as ' ~ dbt.type_string() ~ ')',
                            search_metrics.as_double("%.17g" | format(fusion.holdout_share))]) -%}
    {%- endfor -%}
{%- endfor -%}
{%- if rows | length == 0 -%}
    {#- no sweep: the model is disabled, but its SQL is still rendered at parse time -#}
    {%- do rows.append(["''", '0', "''", "''", '0']) -%}
{%- endif %}

with configurations as (
    {{ search_metrics.literal_relation(['fusion', 'configuration_index', 'run_id', 'weights', 'holdout_share'], rows) | indent(4) }}
),

-- each configuration's metric values, each query marked held out or not
query_values as (
    select
        configurations.fusion,
        configurations.configuration_index,
        configurations.run_id,
        configurations.weights,
        query_metrics.query_id,
        query_metrics.metric,
        query_metrics.k,
        query_metrics.value,
        case when {{ search_metrics.query_hash_share('query_metrics.query_id') }} < configurations.holdout_share
            then 1 else 0 end as held_out
    from {{ ref('search_query_metrics') }} as query_metrics
    inner join configurations on configurations.run_id = query_metrics.run_id
    where query_metrics.value is not null
),

-- the sum and count of each (configuration, metric, k, set), the sum in query_id order
set_sums as (
    select
        query_values.*,
        sum(value) over (
            partition by run_id, metric, k, held_out
            order by {{ search_metrics.binary_order('query_id') }}
            rows between unbounded preceding and unbounded following
        ) as value_sum,
        count(*) over (partition by run_id, metric, k, held_out) as n_queries
    from query_values
),

configuration_means as (
    select
        fusion,
        configuration_index,
        run_id,
        weights,
        metric,
        k,
        max(case when held_out = 0 then value_sum / n_queries end) as tuning_mean,
        coalesce(max(case when held_out = 0 then n_queries end), 0) as n_tuning_queries,
        max(case when held_out = 1 then value_sum / n_queries end) as holdout_mean,
        coalesce(max(case when held_out = 1 then n_queries end), 0) as n_holdout_queries
    from set_sums
    group by fusion, configuration_index, run_id, weights, metric, k
),

-- the highest tuning mean of each (fusion, metric, k)
best_means as (
    select
        configuration_means.*,
        max(tuning_mean) over (partition by fusion, metric, k) as best_tuning_mean
    from configuration_means
),

-- the lowest configuration_index among the means tied with the highest
best_configurations as (
    select
        best_means.*,
        min(case when tuning_mean >= best_tuning_mean - 1e-12 * greatest(1, abs(best_tuning_mean))
            then configuration_index end) over (partition by fusion, metric, k) as best_index
    from best_means
)

select
    fusion,
    cast(configuration_index as {{ dbt.type_int() }}) as configuration_index,
    run_id,
    weights,
    metric,
    k,
    cast(n_tuning_queries as {{ dbt.type_bigint() }}) as n_tuning_queries,
    {{ search_metrics.as_double('tuning_mean') }} as tuning_mean,
    cast(n_holdout_queries as {{ dbt.type_bigint() }}) as n_holdout_queries,
    {{ search_metrics.as_double('holdout_mean') }} as holdout_mean,
    coalesce(configuration_index = best_index, false) as is_best
from best_configurations
{%- endif %}
