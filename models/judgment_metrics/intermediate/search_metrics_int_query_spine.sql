{#-
  The spine: every (run_id, query_id) a run returned, with its number of results and the fingerprint of its result
  rows (set_fingerprint of doc_id, rank, score: what the incremental models compare, computed in the same pass).
-#}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics')) }}
select
    run_id,
    query_id,
    count(*) as n_results,
    {{ search_metrics.set_fingerprint(['doc_id', 'rank', 'score']) }} as results_fingerprint
from {{ ref('search_metrics_stg_results') }}
group by run_id, query_id
