{#-
  The pre-hook of a judged incremental model (judged_incremental_config): on an incremental run, deletes from the
  table every row whose `keys` have no row in `state` with the same `fingerprint` (its run's results or its query's
  judgments changed, or the run is gone). DuckDB and PostgreSQL compare the table's build record
  (build_record_relation, record_built_keys) with `state`, delete the stale keys' rows from the table and from the
  record, and read the table's rows only when some key went stale; a table without a record (built before records,
  or as a plain table) gets one from its rows first. Runs its statements itself; renders nothing, also on a first or
  full-refresh run.
  Spark (Parquet, no row deletes): drops every partition (incremental_partition_keys: a run, a compared pair) that
  holds such a row, one ALTER TABLE ... DROP PARTITION each, run by the macro itself; the model then computes every
  key of those partitions again, since the table lacks them. Renders nothing.
  `run_sums` (search_query_metrics, DuckDB and PostgreSQL): the rows deleted leave the table's run sums
  (run_sums_relation) too: one statement deletes them and adds their negated sums (a writable CTE, `delete ...
  returning`); a table without run sums gets them from its rows first. Spark keeps none.
-#}
{% macro delete_stale_rows(state, keys, fingerprint, run_sums=false) %}
    {{- return(adapter.dispatch('delete_stale_rows', 'search_metrics')(state, keys, fingerprint, run_sums)) -}}
{% endmacro %}

{% macro default__delete_stale_rows(state, keys, fingerprint, run_sums=false) -%}
    {%- if execute and is_incremental() -%}
        {%- set record = search_metrics.build_record_relation(this) -%}
        {%- if adapter.get_relation(database=record.database, schema=record.schema, identifier=record.identifier) is none -%}
            {#- a table built before build records (or after a plain-table build): its rows say which keys it holds -#}
            {%- do run_query('create table ' ~ record ~ ' as select distinct ' ~ (keys | join(', ')) ~ ', '
                ~ fingerprint ~ ' as recorded_fingerprint, cast(null as ' ~ dbt.type_string() ~ ') as build_invocation_id,'
                ~ ' cast(null as ' ~ dbt.type_string() ~ ') as build_started_at from ' ~ this) -%}
            {%- do adapter.cache_added(record) -%}
        {%- endif -%}
        {%- set sums = search_metrics.run_sums_relation(this) if run_sums else none -%}
        {%- if sums is not none and load_relation(sums) is none -%}
            {#- a table built before run sums (or after a plain-table build): its rows give them -#}
            {%- do run_query('create table ' ~ sums ~ ' as ' ~ search_metrics.run_sums_select(this)) -%}
            {%- do adapter.cache_added(sums) -%}
        {%- endif -%}
        {%- set stale_keys -%}
            select {% for key in keys %}recorded.{{ key }}{{ ', ' if not loop.last }}{% endfor %}
            from {{ record }} as recorded
            where not exists (
                select 1
                from {{ state }} as state
                where {{ search_metrics.keys_equal(keys, 'state', 'recorded') }}
                    and state.{{ fingerprint }} = recorded.recorded_fingerprint
            )
        {%- endset -%}
        {#- the table's rows are read only when some key went stale -#}
        {%- if run_query('select count(*) from (' ~ stale_keys ~ ') as stale').rows[0][0] > 0 -%}
            {%- set stale_rows = 'from ' ~ this ~ ' as built where exists (select 1 from (' ~ stale_keys
                ~ ') as stale where ' ~ search_metrics.keys_equal(keys, 'stale', 'built') ~ ')' -%}
            {%- if sums is none -%}
                {%- do run_query('delete ' ~ stale_rows) -%}
            {%- else -%}
                {#- the deleted rows' sums leave the run sums in the same statement (one read of the table) -#}
                {%- do run_query('with deleted_rows as (delete ' ~ stale_rows ~ ' returning built.run_id, built.metric,'
                    ~ ' built.k, built.value) insert into ' ~ sums ~ ' '
                    ~ search_metrics.run_sums_select('deleted_rows', negated=true)) -%}
            {%- endif -%}
            {%- do run_query('delete from ' ~ record ~ ' as recorded where not exists (select 1 from ' ~ state
                ~ ' as state where ' ~ search_metrics.keys_equal(keys, 'state', 'recorded')
                ~ ' and state.' ~ fingerprint ~ ' = recorded.recorded_fingerprint)') -%}
        {%- endif -%}
    {%- endif -%}
{%- endmacro %}

{% macro spark__delete_stale_rows(state, keys, fingerprint, run_sums=false) -%}
    {%- if execute and is_incremental() -%}
        {%- set partition_keys = search_metrics.incremental_partition_keys(keys) -%}
        {%- set stale_partitions -%}
            select distinct {% for key in partition_keys %}built.{{ key }}{{ ', ' if not loop.last }}{% endfor %}
            from {{ this }} as built
            where not exists (
                select 1
                from {{ state }} as state
                where {% for key in keys %}state.{{ key }} = built.{{ key }} and {% endfor -%}
                    state.{{ fingerprint }} = built.{{ fingerprint }}
            )
        {%- endset -%}
        {%- for partition in run_query(stale_partitions).rows -%}
            {%- set values = [] -%}
            {%- for key in partition_keys -%}
                {%- do values.append(key ~ ' = ' ~ search_metrics.string_literal(partition[loop.index0])) -%}
            {%- endfor -%}
            {%- do run_query('alter table ' ~ this ~ ' drop if exists partition (' ~ values | join(', ') ~ ')') -%}
        {%- endfor -%}
    {%- endif -%}
{%- endmacro %}
