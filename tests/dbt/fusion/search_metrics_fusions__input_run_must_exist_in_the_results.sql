{#-
  Rule: every input run of a fusion (var search_metrics_fusions) has rows in the results input. A misspelt run_id
  would otherwise fuse the other runs alone under the fusion's name. One row per (fusion, missing run). It runs
  before search_metrics_stg_fused_results (it depends on search_metrics_stg_results_checked_runs), so a failure
  skips the fused runs and every model that reads the results.
-#}
{%- set fusions = search_metrics.get_fusions() -%}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics') and (fusions | length) > 0) }}
-- depends_on: {{ ref('search_metrics_stg_results_checked_runs') }}
{%- set rows = [] -%}
{%- for fusion in fusions -%}
    {%- for run in fusion.runs -%}
        {%- do rows.append(['cast(' ~ search_metrics.string_literal(fusion.name) ~ ' as ' ~ dbt.type_string() ~ ')',
                            'cast(' ~ search_metrics.string_literal(run) ~ ' as ' ~ dbt.type_string() ~ ')']) -%}
    {%- endfor -%}
{%- endfor %}
{#- no fusion: the test is disabled, but its SQL is still rendered at parse time -#}
{%- if rows | length == 0 -%}
    {%- do rows.append(['cast(null as ' ~ dbt.type_string() ~ ')', 'cast(null as ' ~ dbt.type_string() ~ ')']) -%}
{%- endif %}
with fusion_inputs as (
    {{ search_metrics.literal_relation(['fusion', 'run_id'], rows) | indent(4) }}
)

select
    fusion_inputs.fusion,
    fusion_inputs.run_id,
    'an input run of a fusion (search_metrics_fusions) must exist in the results' as rule_violated
from fusion_inputs
left join (select distinct run_id from {{ ref('search_metrics_stg_results_pair_fingerprints') }}) as input_runs
    on input_runs.run_id = fusion_inputs.run_id
where input_runs.run_id is null
