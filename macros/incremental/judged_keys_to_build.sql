{#-
  The keys a judged incremental model builds (judged_incremental_config): every row of `state` (keys and
  fingerprint) on a first or full-refresh run (or a plain table); on an incremental run, those whose `keys` have no
  row in the table's build record (build_record_relation; the pre-hook deleted the stale keys from it); on Spark,
  which keeps no record, those with no row in the table. A relation's SQL (a select), with `state`'s columns.
-#}
{% macro judged_keys_to_build(state, keys) %}
    {{- return(adapter.dispatch('judged_keys_to_build', 'search_metrics')(state, keys)) -}}
{% endmacro %}

{% macro default__judged_keys_to_build(state, keys) -%}
    select state.*
    from {{ state }} as state
    {%- if is_incremental() %}
    where not exists (
        select 1
        from {{ search_metrics.build_record_relation(this) }} as recorded
        where {{ search_metrics.keys_equal(keys, 'recorded', 'state') }}
    )
    {%- endif %}
{%- endmacro %}

{#- Spark keeps no build record (record_built_keys): the keys the table's rows lack -#}
{% macro spark__judged_keys_to_build(state, keys) -%}
    select state.*
    from {{ state }} as state
    {%- if is_incremental() %}
    where not exists (
        select 1
        from {{ this }} as built_rows
        where {{ search_metrics.keys_equal(keys, 'built_rows', 'state') }}
    )
    {%- endif %}
{%- endmacro %}
