{#-
  The runs whose input rules an incremental build of a rule table need not check again (docs/inputs.md, "The input
  rules"): a select of run_id from `fingerprints` (each run's current results fingerprint) for the runs the
  checked-runs model `checked_runs` (a copy of the fingerprints as of the last build whose rules passed, with the
  rule settings) holds with the same fingerprint and the same settings (`rule_settings`: their names, read by
  incremental_settings). A run whose rows did not move passed its rules then and passes them now: every rule of
  the results input is within one run. None (check every run) on a first or full-refresh build, a plain table,
  when the checked-runs table does not exist yet, or when this invocation does not build `fingerprints` (a table
  that may then be older than the input: the rule table selected without its parents).
-#}
{% macro unchanged_checked_runs(fingerprints, checked_runs, rule_settings) %}
    {{- return(adapter.dispatch('unchanged_checked_runs', 'search_metrics')(fingerprints, checked_runs, rule_settings)) -}}
{% endmacro %}

{% macro default__unchanged_checked_runs(fingerprints, checked_runs, rule_settings) %}
    {%- if not execute or not is_incremental() -%}
        {{- return(none) -}}
    {%- endif -%}
    {%- set checked = search_metrics.previous_build_relation(checked_runs) -%}
    {%- if checked is none -%}
        {{- return(none) -}}
    {%- endif -%}
    {#- the fingerprints are a table: when this invocation does not build it (the rule table selected without its
        parents), they may be older than the input, so every run is checked -#}
    {%- if not search_metrics.built_in_this_invocation(fingerprints) -%}
        {{- return(none) -}}
    {%- endif -%}
    {%- set sql -%}
    select fingerprints.run_id
    from {{ fingerprints }} as fingerprints
    inner join {{ checked }} as checked_runs
        on checked_runs.run_id = fingerprints.run_id
        and checked_runs.results_fingerprint = fingerprints.results_fingerprint
        and checked_runs.rule_settings = {{ search_metrics.string_literal(search_metrics.incremental_settings(rule_settings)) }}
    {%- endset -%}
    {{- return(sql) -}}
{% endmacro %}
