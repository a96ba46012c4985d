{#-
  The results input (var search_metrics_results) with the contract's columns (ids as text; macro staged_results:
  the rank read by input_number, or computed from the score with var search_metrics_rank_from = 'score').
  The input's rules are checked on search_metrics_stg_results_rule_violations, which reads the input with the same
  SQL; this view depends on it (through search_metrics_stg_results_checked_runs, built after the rules' data tests),
  so in `dbt build` a failing rule skips this view and every model downstream.
  With var search_metrics_fusions, the fused runs (search_metrics_stg_fused_results) follow the input's rows: every
  model that reads the results reads them as runs (docs/fusion.md).
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
-- depends_on: {{ ref('search_metrics_stg_results_checked_runs') }}
{{ search_metrics.staged_results() }}
{%- if search_metrics.get_fusions() | length > 0 %}
union all
select run_id, query_id, doc_id, rank, score
from {{ ref('search_metrics_stg_fused_results') }}
{%- endif %}
{%- endif %}
