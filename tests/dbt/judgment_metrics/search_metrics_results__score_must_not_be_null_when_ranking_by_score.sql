{#-
  Rule: with var search_metrics_rank_from = 'score' (trec_eval's ordering) every result has a score: a null score
  has no place in the order. Returns the offending rows.
-#}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics') and search_metrics.get_rank_from() == 'score') }}
select
    *,
    'score must not be null when ranking by score (search_metrics_rank_from: score)' as rule_violated
from {{ ref('search_metrics_stg_results') }}
where score is null
