{#-
  The pre-hook of an incremental rule table (rules_incremental_config): on an incremental build, deletes the rows
  of every run whose rules the build checks again (all but unchanged_checked_runs: a new or changed run, a run
  whose last check failed, rows with no run_id) and of the runs that are gone. Renders nothing on a first or
  full-refresh build.
-#}
{% macro delete_rows_to_check(fingerprints, checked_runs, rule_settings) %}
    {{- return(adapter.dispatch('delete_rows_to_check', 'search_metrics')(fingerprints, checked_runs, rule_settings)) -}}
{% endmacro %}

{% macro default__delete_rows_to_check(fingerprints, checked_runs, rule_settings) -%}
    {%- if execute and is_incremental() -%}
    {%- set unchanged = search_metrics.unchanged_checked_runs(fingerprints, checked_runs, rule_settings) -%}
    delete from {{ this }} as checked_rows
    {%- if unchanged is not none %}
    where not exists (
        select 1
        from ({{ unchanged | indent(8) }}) as unchanged
        where unchanged.run_id = checked_rows.run_id
    )
    {%- endif -%}
    {%- endif -%}
{%- endmacro %}
