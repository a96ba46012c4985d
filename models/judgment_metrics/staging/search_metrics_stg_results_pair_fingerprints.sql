{#-
  Each (run_id, query_id) of the results input with its number of rows and the fingerprint of its rows
  (set_fingerprint of doc_id, rank, score, read by staged_results as the rule table and the view
  search_metrics_stg_results read them), in the one grouped scan of the input every build makes: the runs'
  fingerprints (search_metrics_stg_results_run_fingerprints, before the rules) and the spine
  (search_metrics_int_query_spine, after them) are read from it. A null run_id or query_id is a key of its own.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{{ config(materialized='table', enabled=model_enabled) }}
{%- if model_enabled %}
select
    run_id,
    query_id,
    count(*) as n_results,
    {{ search_metrics.set_fingerprint(['doc_id', 'rank', 'score']) }} as results_fingerprint
from (
    {{ search_metrics.staged_results() | indent(4) }}
) as staged_results
group by run_id, query_id
{%- endif %}
