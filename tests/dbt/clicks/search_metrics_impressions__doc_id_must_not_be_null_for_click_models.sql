{#-
  Rule: when the click models are built, every impression names its doc (a click model estimates per
  (query_id, doc_id); the AUC alone does not read doc_id). Returns the offending rows.
-#}
{{ config(enabled=search_metrics.family_enabled('click_models')) }}
select
    *,
    'doc_id must not be null when the click models are built' as rule_violated
from {{ ref('search_metrics_stg_impressions') }}
where doc_id is null
