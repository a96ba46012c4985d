{#-
  Rule: no fused run's run_id (a fusion's name, or a configuration of its weight sweep, '<name>@w=...') is a run_id
  of the results input: the fused run would be mixed with the input's rows of that run. One row per clashing run_id.
  It runs before search_metrics_stg_fused_results (it depends on search_metrics_stg_results_checked_runs), so a
  failure skips the fused runs and every model that reads the results.
-#}
{%- set fusions = search_metrics.get_fusions() -%}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics') and (fusions | length) > 0) }}
-- depends_on: {{ ref('search_metrics_stg_results_checked_runs') }}
with fused_runs as (
    {{ search_metrics.fusion_runs_relation(fusions, 'outputs') | indent(4) }}
)

select
    fused_runs.fusion,
    fused_runs.run_id,
    'the name of a fusion (search_metrics_fusions) must not be a run_id of the results' as rule_violated
from fused_runs
inner join {{ ref('search_metrics_stg_results_run_fingerprints') }} as input_runs
    on input_runs.run_id = fused_runs.run_id
