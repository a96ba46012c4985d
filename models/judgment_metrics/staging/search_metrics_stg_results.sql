{#-
  The results input (var search_metrics_results) with the contract's columns (ids as text; macro staged_results:
  the rank read by input_number, or computed from the score with var search_metrics_rank_from = 'score').
  The input's rules are checked on search_metrics_stg_results_rule_violations, which reads the input with the same
  SQL; this view depends on it (through search_metrics_stg_results_checked_runs, built after the rules' data tests),
  so in `dbt build` a failing rule skips this view and every model downstream.
-#}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics')) }}
-- depends_on: {{ ref('search_metrics_stg_results_checked_runs') }}
{{ search_metrics.staged_results() }}
