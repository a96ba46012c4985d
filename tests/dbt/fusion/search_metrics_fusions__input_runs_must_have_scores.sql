{#-
  Rule: the input runs of a fusion whose method reads scores (sum, mnz, max, min, med, anz, wsum with a norm other
  than rank and borda) have a score on every row: a null score has no fused value. One row per (fusion, input run)
  with null scores, with their number. It runs before search_metrics_stg_fused_results (it depends on
  search_metrics_stg_results_checked_runs), so a failure skips the fused runs and every model that reads the results.
-#}
{%- set fusions = search_metrics.get_fusions() | selectattr('reads_scores') | list -%}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics') and (fusions | length) > 0) }}
-- depends_on: {{ ref('search_metrics_stg_results_checked_runs') }}
with fusion_inputs as (
    {{ search_metrics.fusion_runs_relation(fusions, 'inputs') | indent(4) }}
),

null_scores as (
    select
        run_id,
        count(*) as n_rows
    from (
        {{ search_metrics.staged_results() | indent(8) }}
    ) as staged_results
    where score is null
    group by run_id
)

select
    fusion_inputs.fusion,
    fusion_inputs.run_id,
    null_scores.n_rows,
    'an input run of a fusion whose method reads scores (search_metrics_fusions) must have no null score' as rule_violated
from fusion_inputs
inner join null_scores on null_scores.run_id = fusion_inputs.run_id
