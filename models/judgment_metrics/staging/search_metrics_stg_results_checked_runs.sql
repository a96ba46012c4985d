{#-
  The runs whose input rules the last build checked and passed (or only warned of): a copy of
  search_metrics_stg_results_run_fingerprints with the settings that shape the rules (rule_settings). It is built
  after the rule table's data tests, so a build whose rules fail does not write it, and its runs are checked again
  by the next build. The rule table reads the copy an earlier build left (previous_build_relation): a run held here
  with its current fingerprint is not checked again (unchanged_checked_runs). The view search_metrics_stg_results
  depends on it.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{{ config(materialized='table', enabled=model_enabled) }}
{%- if model_enabled %}
-- depends_on: {{ ref('search_metrics_stg_results_rule_violations') }}
select
    run_id,
    results_fingerprint,
    cast({{ search_metrics.string_literal(search_metrics.incremental_settings(search_metrics.results_rule_settings())) }}
        as {{ dbt.type_string() }}) as rule_settings
from {{ ref('search_metrics_stg_results_run_fingerprints') }}
{%- endif %}
