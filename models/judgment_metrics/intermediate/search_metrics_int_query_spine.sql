{#-
  The spine: every (run_id, query_id) a run returned, with its number of results and the fingerprint of its result
  rows (set_fingerprint of doc_id, rank, score: what the incremental models compare), copied from
  search_metrics_stg_results_pair_fingerprints, which computed them in the one grouped scan of the input (the same
  rows search_metrics_stg_results reads, by the same macro, staged_results). Built after the input's rules like
  every model that reads search_metrics_stg_results (a failing rule skips it): it depends on that view.
  With var search_metrics_fusions, the fused runs' pairs follow, their counts and fingerprints computed the same way
  over search_metrics_stg_fused_results, so a fused run's fingerprint moves with its rows.
  A view over that table (a copy of its rows cost a build about 0.6 s at 100 runs x 10,000 queries, every build);
  a table when runs are fused, whose pairs are counted here.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{%- set fused = search_metrics.get_fusions() | length > 0 -%}
{{ config(enabled=model_enabled, materialized='table' if fused else 'view') }}
{%- if model_enabled %}
-- depends_on: {{ ref('search_metrics_stg_results') }}
select
    run_id,
    query_id,
    n_results,
    results_fingerprint
from {{ ref('search_metrics_stg_results_pair_fingerprints') }}
{%- if fused %}

union all

select
    run_id,
    query_id,
    count(*) as n_results,
    {{ search_metrics.set_fingerprint(['doc_id', 'rank', 'score']) }} as results_fingerprint
from {{ ref('search_metrics_stg_fused_results') }}
group by run_id, query_id
{%- endif %}
{%- endif %}
