{#-
  Rule: the z-score relation of var search_metrics_trec_eval (zscores, trec_eval -Z) has one row per (query_id,
  measure): a second row would repeat the (run, query, measure) lines of search_trec_eval. Returns each repeated
  key with its number of rows.
-#}
{%- set zscores = search_metrics.trec_eval_zscores() if search_metrics.family_enabled('trec_eval') else none -%}
{{ config(enabled=search_metrics.family_enabled('trec_eval') and zscores is not none) }}
select
    {{ search_metrics.as_text('query_id') }} as query_id,
    {{ search_metrics.as_text('measure') }} as measure,
    count(*) as n_rows,
    'the zscores relation must have one row per query_id and measure' as rule_violated
from {{ zscores }}
group by {{ search_metrics.as_text('query_id') }}, {{ search_metrics.as_text('measure') }}
having count(*) > 1
