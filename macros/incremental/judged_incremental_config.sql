{#-
  The config of a judged model built incrementally by run (docs/metrics.md, "Incremental builds"), in one place.
  With var search_metrics_incremental_runs true (the default): materialized incremental, rows appended after two
  pre-hooks: check_incremental_settings(`settings`) fails a run whose settings differ from those the table was built
  with, then delete_stale_rows(`state`, `keys`, `fingerprint`) removes every row whose key has no row of the same
  fingerprint in the state model (a changed or deleted run, changed judgments); the model then builds the keys the
  table lacks (judged_keys_to_build), and the post-hooks record_built_keys, which adds them to the table's build
  record (build_record_relation), and record_build_settings, which keeps the settings' text beside the table.
  DuckDB and PostgreSQL delete the rows; Spark's tables are partitioned by incremental_partition_keys(`keys`) (a
  run, or a compared pair) and the hook drops each partition that holds such a row (docs/engines.md). With the var
  false: a plain table, rebuilt in full, whose post-hooks drop the two records.
  `state`: the name of the model holding each key's current fingerprint (search_metrics_int_pair_fingerprints,
  search_metrics_int_run_fingerprints); `keys`: its key columns, which the model's rows carry; `fingerprint`: its
  fingerprint column, which the model's rows carry too; `settings`: the names of the settings that shape the rows
  (incremental_settings); `run_sums` (search_query_metrics only): the table keeps its run sums beside it
  (run_sums_relation: delete_stale_rows takes the deleted rows' sums away, the post-hook record_run_sums adds the
  written rows' and drops them for a plain table), from which search_run_metrics forms its means.
  The dispatched part, judged_incremental_config(keys), gives the materialization and strategy only; `keys` none
  asks for a table whose rows the pre-hook deletes one by one (the rule table, rules_incremental_config): Spark
  makes that a plain table.
-#}
{% macro judged_incremental_config(state, keys, fingerprint, settings, run_sums=false) %}
    {%- set hook_arguments = "(ref('" ~ state ~ "'), " ~ tojson(keys | list) ~ ", '" ~ fingerprint ~ "')" -%}
    {%- set record_hooks = ["{{ search_metrics.record_built_keys" ~ hook_arguments ~ " }}",
                            "{{ search_metrics.record_build_settings(" ~ tojson(settings | list) ~ ") }}"] -%}
    {%- if run_sums -%}
        {%- do record_hooks.append("{{ search_metrics.record_run_sums() }}") -%}
    {%- endif -%}
    {%- if not search_metrics.get_incremental_runs() -%}
        {{- return({'materialized': 'table', 'post_hook': record_hooks}) -}}
    {%- endif -%}
    {%- set config = adapter.dispatch('judged_incremental_config', 'search_metrics')(keys) -%}
    {%- if config.get('materialized') == 'incremental' -%}
        {%- do config.update({'pre_hook': [
            "{{ search_metrics.check_incremental_settings(" ~ tojson(settings | list) ~ ") }}",
            "{{ search_metrics.delete_stale_rows" ~ hook_arguments[:-1] ~ (", true)" if run_sums else ")") ~ " }}"
        ], 'post_hook': record_hooks}) -%}
    {%- endif -%}
    {{- return(config) -}}
{% endmacro %}

{% macro default__judged_incremental_config(keys=none) %}
    {{- return({'materialized': 'incremental', 'incremental_strategy': 'append', 'on_schema_change': 'fail'}) -}}
{% endmacro %}

{#- Spark: Parquet tables partitioned by run (or compared pair), rows appended; the pre-hook drops stale partitions
    (spark__delete_stale_rows). A table whose rows must be deleted one by one (keys none) is a plain table. -#}
{% macro spark__judged_incremental_config(keys=none) %}
    {%- if keys is none -%}
        {{- return({'materialized': 'table'}) -}}
    {%- endif -%}
    {{- return({'materialized': 'incremental', 'incremental_strategy': 'append', 'file_format': 'parquet',
               'partition_by': search_metrics.incremental_partition_keys(keys), 'on_schema_change': 'fail'}) -}}
{% endmacro %}
