{#-
  The config of a judged model built incrementally by run (docs/metrics.md, "Incremental builds"), in one place.
  With var search_metrics_incremental_runs true (the default) on DuckDB and PostgreSQL: materialized incremental,
  rows appended after two pre-hooks: check_incremental_settings(`settings`) fails a run whose settings differ from
  those the table was built with, then delete_stale_rows(`state`, `keys`, `fingerprint`) deletes every row whose
  key has no row of the same fingerprint in the state model (a changed or deleted run, changed judgments); the
  model then builds the keys the table lacks (judged_keys_to_build). With the var false, and on Spark until its
  strategy lands: a plain table, rebuilt in full.
  `state`: the name of the model holding each key's current fingerprint (search_metrics_int_pair_fingerprints,
  search_metrics_int_run_fingerprints); `keys`: its key columns, which the model's rows carry; `fingerprint`: its
  fingerprint column, which the model's rows carry too; `settings`: the names of the settings that shape the rows
  (incremental_settings).
-#}
{% macro judged_incremental_config(state, keys, fingerprint, settings) %}
    {%- if not search_metrics.get_incremental_runs() -%}
        {{- return({'materialized': 'table'}) -}}
    {%- endif -%}
    {%- set config = adapter.dispatch('judged_incremental_config', 'search_metrics')() -%}
    {%- if config.get('materialized') == 'incremental' -%}
        {%- do config.update({'pre_hook': [
            "{{ search_metrics.check_incremental_settings(" ~ tojson(settings | list) ~ ") }}",
            "{{ search_metrics.delete_stale_rows(ref('" ~ state ~ "'), " ~ tojson(keys | list) ~ ", '" ~ fingerprint ~ "') }}"
        ]}) -%}
    {%- endif -%}
    {{- return(config) -}}
{% endmacro %}

{% macro default__judged_incremental_config() %}
    {{- return({'materialized': 'incremental', 'incremental_strategy': 'append', 'on_schema_change': 'fail'}) -}}
{% endmacro %}

{#- Spark: a plain table until the incremental strategy for its table formats lands (docs/engines.md) -#}
{% macro spark__judged_incremental_config() %}
    {{- return({'materialized': 'table'}) -}}
{% endmacro %}
