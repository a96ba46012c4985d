{#-
  Rule: every input run of a fusion (var search_metrics_fusions) has rows in the results input. A misspelt run_id
  would otherwise fuse the other runs alone under the fusion's name. One row per (fusion, missing run). It runs
  before search_metrics_stg_fused_results (it depends on search_metrics_stg_results_checked_runs), so a failure
  skips the fused runs and every model that reads the results.
-#}
{%- set fusions = search_metrics.get_fusions() -%}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics') and (fusions | length) > 0) }}
-- depends_on: {{ ref('search_metrics_stg_results_checked_runs') }}
with fusion_inputs as (
    {{ search_metrics.fusion_runs_relation(fusions, 'inputs') | indent(4) }}
)

select
    fusion_inputs.fusion,
    fusion_inputs.run_id,
    'an input run of a fusion (search_metrics_fusions) must exist in the results' as rule_violated
from fusion_inputs
left join {{ ref('search_metrics_stg_results_run_fingerprints') }} as input_runs
    on input_runs.run_id = fusion_inputs.run_id
where input_runs.run_id is null
