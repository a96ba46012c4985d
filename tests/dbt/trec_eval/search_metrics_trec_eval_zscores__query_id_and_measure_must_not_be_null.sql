{#-
  Rule: every row of the z-score relation of var search_metrics_trec_eval (zscores, trec_eval -Z) names its query_id
  and measure: a row with a null one matches no line of search_trec_eval (whose z-score is then null and counted in
  n_zscores_missing). Returns the offending rows.
-#}
{%- set zscores = search_metrics.trec_eval_zscores() if search_metrics.family_enabled('trec_eval') else none -%}
{{ config(enabled=search_metrics.family_enabled('trec_eval') and zscores is not none) }}
select
    *,
    'query_id and measure must not be null in the zscores relation' as rule_violated
from {{ zscores }}
where query_id is null or measure is null
