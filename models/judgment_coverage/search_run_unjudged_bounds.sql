{#-
  Per (run_id, metric, k): the run means of search_query_unjudged_bounds, each over the queries where that column is
  not null (value: the mean of search_run_metrics), with n_queries (the value's queries) and readings_are_bounds.
-#}
{{ config(enabled=search_metrics.family_enabled('judgment_coverage')) }}
select
    run_id,
    metric,
    k,
    avg(value) as value,
    avg(pessimistic_value) as pessimistic_value,
    avg(optimistic_value) as optimistic_value,
    cast(count(value) as {{ dbt.type_bigint() }}) as n_queries,
    max(case when readings_are_bounds then 1 else 0 end) = 1 as readings_are_bounds
from {{ ref('search_query_unjudged_bounds') }}
group by run_id, metric, k
