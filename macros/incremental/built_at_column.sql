{#-
  The select item `<this build's start> as built_at` (timestamp, UTC) of a judged incremental model
  (judged_incremental_config): the same on every row one dbt invocation writes (dbt's run_started_at), so that the
  rows a build wrote are those of its timestamp; rows_to_test reads them so, and on DuckDB the other row groups are
  skipped by their min/max. A full refresh writes every row with its own timestamp, so the column differs between an
  incremental build and a full refresh of the same inputs (the tests comparing the two leave it out).
-#}
{% macro built_at_column() %}
    {{- return(adapter.dispatch('built_at_column', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__built_at_column() -%}
    {{ search_metrics.build_timestamp(run_started_at) }} as built_at
{%- endmacro %}
