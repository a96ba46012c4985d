{#-
  Each run of the results input with the fingerprint of its rows: set_fingerprint of its (query_id,
  results_fingerprint) pairs of search_metrics_stg_results_pair_fingerprints (each pair's rows' doc_id, rank and
  score, read by staged_results as the rule table reads them), so it moves when any row of the run moves, or a
  query is added or removed; the input is scanned once, for the pairs. The rule table checks again only the runs
  whose fingerprint moved (unchanged_checked_runs). A null run_id is a row of its own. A view (the staging
  folder's default): it aggregates one row per pair where it is read, no table node of its own per build.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
select
    run_id,
    {{ search_metrics.set_fingerprint(['query_id', 'results_fingerprint']) }} as results_fingerprint
from {{ ref('search_metrics_stg_results_pair_fingerprints') }}
group by run_id
{%- endif %}
