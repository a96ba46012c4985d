{#-
  Per automated judge, run, metric and cutoff: the run's mean with the human judgments and with the judge's alone,
  over the same queries (search_metrics_int_judge_query_values: the queries the judge graded where both values are
  not null), and their difference.
-#}
{{ config(enabled=search_metrics.family_enabled('judge_validation')) }}
select
    rater_id,
    run_id,
    metric,
    k,
    avg(human_value) as human_value,
    avg(judge_value) as judge_value,
    avg(judge_value) - avg(human_value) as difference,
    cast(count(*) as {{ dbt.type_bigint() }}) as n_queries
from {{ ref('search_metrics_int_judge_query_values') }}
group by rater_id, run_id, metric, k
