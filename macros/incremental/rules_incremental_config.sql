{#-
  The config of a rule table that checks only the runs that are new or changed (docs/inputs.md, "The input
  rules"), in one place. Where the engine deletes rows (judged_incremental_config without keys: var
  search_metrics_incremental_runs true, DuckDB and PostgreSQL; Spark: a plain table): materialized incremental, rows appended after the
  pre-hook delete_rows_to_check, which deletes the rows of every run the build checks again; the model then checks
  only those runs (unchanged_checked_runs). Else a plain table that checks every run.
  `fingerprints`: the name of the model of each run's current results fingerprint; `checked_runs`: the name of the
  model that records the runs checked by the last build whose rules passed; `rule_settings`: the names of the
  settings that shape the rules (incremental_settings).
-#}
{% macro rules_incremental_config(fingerprints, checked_runs, rule_settings) %}
    {#- the engine's judged incremental config for a table whose rows are deleted one by one (no keys: a plain
        table on Spark), so that an adapter's override of judged_incremental_config serves the rule table too -#}
    {%- set config = adapter.dispatch('judged_incremental_config', 'search_metrics')(none)
        if search_metrics.get_incremental_runs() else {'materialized': 'table'} -%}
    {%- if config.get('materialized') == 'incremental' -%}
        {%- do config.update({'pre_hook': ["{{ search_metrics.delete_rows_to_check(ref('" ~ fingerprints ~ "'), '"
                                           ~ checked_runs ~ "', " ~ tojson(rule_settings) ~ ") }}"]}) -%}
    {%- endif -%}
    {{- return(config) -}}
{% endmacro %}
