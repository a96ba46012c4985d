{#- Per (run_id, metric, k): the mean over the run's queries with a non-null value (SearchTweak's multi-keyword mean). -#}
{{ config(enabled=search_metrics.family_enabled('judged')) }}
select
    run_id,
    metric,
    k,
    avg(value) as value,
    count(value) as n_queries,
    count(*) as n_queries_total
from {{ ref('search_query_metrics') }}
group by run_id, metric, k
