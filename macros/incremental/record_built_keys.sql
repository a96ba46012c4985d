{#-
  The post-hook of a judged incremental model (judged_incremental_config): keeps the table's build record
  (build_record_relation) in step with the table, in the same transaction as the rows it describes. A first or
  full-refresh build writes the record anew from `state` (every key, with its fingerprint); an incremental build
  adds the keys it built (the state's keys the record lacks: judged_keys_to_build read the same); a plain table
  (var search_metrics_incremental_runs false) drops the record, so that a later incremental build starts from the
  table's rows. Runs its statements itself; renders nothing.
  Spark: renders nothing and keeps no record (its tables have no transactions; delete_stale_rows and
  judged_keys_to_build read the table's rows there).
-#}
{% macro record_built_keys(state, keys, fingerprint) %}
    {{- return(adapter.dispatch('record_built_keys', 'search_metrics')(state, keys, fingerprint)) -}}
{% endmacro %}

{% macro default__record_built_keys(state, keys, fingerprint) -%}
    {%- if execute -%}
        {%- set record = search_metrics.build_record_relation(this) -%}
        {%- set recorded_columns -%}
            {% for key in keys %}state.{{ key }}, {% endfor -%}
            state.{{ fingerprint }} as recorded_fingerprint,
            cast({{ search_metrics.string_literal(invocation_id) }} as {{ dbt.type_string() }}) as build_invocation_id,
            cast({{ search_metrics.string_literal(run_started_at.isoformat()) }} as {{ dbt.type_string() }}) as build_started_at
        {%- endset -%}
        {#- dbt's relation cache follows the record, so a data test of this invocation sees it as it is -#}
        {%- if config.get('materialized') != 'incremental' -%}
            {%- do run_query('drop table if exists ' ~ record) -%}
            {%- do adapter.cache_dropped(record) -%}
        {%- elif is_incremental() -%}
            {%- do run_query('insert into ' ~ record ~ ' select ' ~ recorded_columns ~ ' from ' ~ state ~ ' as state'
                ~ ' where not exists (select 1 from ' ~ record ~ ' as recorded where '
                ~ search_metrics.keys_equal(keys, 'recorded', 'state') ~ ')') -%}
        {%- else -%}
            {%- do run_query('drop table if exists ' ~ record) -%}
            {%- do run_query('create table ' ~ record ~ ' as select ' ~ recorded_columns ~ ' from ' ~ state ~ ' as state') -%}
            {%- do adapter.cache_added(record) -%}
        {%- endif -%}
    {%- endif -%}
{%- endmacro %}

{% macro spark__record_built_keys(state, keys, fingerprint) -%}
{%- endmacro %}
