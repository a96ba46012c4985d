{#-
  Each run of the results input with the fingerprint of its rows (set_fingerprint of query_id, doc_id, rank, score,
  read by staged_results as the rule table reads them), in one grouped scan of the input: the rule table checks
  again only the runs whose fingerprint moved (unchanged_checked_runs). A null run_id is a row of its own.
-#}
{{ config(materialized='table', enabled=search_metrics.family_enabled('judgment_metrics')) }}
select
    run_id,
    {{ search_metrics.set_fingerprint(['query_id', 'doc_id', 'rank', 'score']) }} as results_fingerprint
from (
    {{ search_metrics.staged_results() | indent(4) }}
) as staged_results
group by run_id
