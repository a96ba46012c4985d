{#-
  Rule: with var search_metrics_rank_from = 'score' (trec_eval's ordering) every result has a score: a null score
  has no place in the order. Returns the offending rows, which search_metrics_stg_results_rule_violations finds
  with the input's other row rules (a singular test, not in the YAML, so that it exists only when ranking by score).
-#}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics') and search_metrics.get_rank_from() == 'score') }}
select *
from {{ ref('search_metrics_stg_results_rule_violations') }}
where rule = 'search_metrics_results__score_must_not_be_null_when_ranking_by_score'
