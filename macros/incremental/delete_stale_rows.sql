{#-
  The pre-hook of a judged incremental model (judged_incremental_config): on an incremental run, deletes from the
  table every row whose `keys` have no row in `state` with the same `fingerprint` (its run's results or its query's
  judgments changed, or the run is gone). Renders nothing on a first or full-refresh run.
  Spark (Parquet, no row deletes): drops every partition (incremental_partition_keys: a run, a compared pair) that
  holds such a row, one ALTER TABLE ... DROP PARTITION each, run by the macro itself; the model then computes every
  key of those partitions again, since the table lacks them. Renders nothing.
-#}
{% macro delete_stale_rows(state, keys, fingerprint) %}
    {{- return(adapter.dispatch('delete_stale_rows', 'search_metrics')(state, keys, fingerprint)) -}}
{% endmacro %}

{% macro default__delete_stale_rows(state, keys, fingerprint) -%}
    {%- if execute and is_incremental() -%}
    delete from {{ this }} as built
    where not exists (
        select 1
        from {{ state }} as state
        where {% for key in keys %}state.{{ key }} = built.{{ key }} and {% endfor -%}
            state.{{ fingerprint }} = built.{{ fingerprint }}
    )
    {%- endif -%}
{%- endmacro %}

{% macro spark__delete_stale_rows(state, keys, fingerprint) -%}
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
