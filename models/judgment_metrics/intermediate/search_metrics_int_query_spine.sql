{#- The spine: every (run_id, query_id) a run returned, with its number of results. -#}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics')) }}
select
    run_id,
    query_id,
    count(*) as n_results
from {{ ref('search_metrics_stg_results') }}
group by run_id, query_id
