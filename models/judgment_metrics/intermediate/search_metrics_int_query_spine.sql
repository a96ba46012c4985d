{#-
  The spine: every (run_id, query_id) a run returned, with its number of results and the fingerprint of its result
  rows (set_fingerprint of doc_id, rank, score: what the incremental models compare), copied from
  search_metrics_stg_results_pair_fingerprints, which computed them in the one grouped scan of the input (the same
  rows search_metrics_stg_results reads, by the same macro, staged_results). Built after the input's rules like
  every model that reads search_metrics_stg_results (a failing rule skips it): it depends on that view.
-#}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics')) }}
-- depends_on: {{ ref('search_metrics_stg_results') }}
select
    run_id,
    query_id,
    n_results,
    results_fingerprint
from {{ ref('search_metrics_stg_results_pair_fingerprints') }}
