{#-
  The keys a judged incremental model builds (judged_incremental_config): every row of `state` (keys and
  fingerprint) on a first or full-refresh run (or a plain table); on an incremental run, those whose `keys` have no
  row in the table (the pre-hook deleted the stale ones). A relation's SQL (a select), with `state`'s columns.
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
        from {{ this }} as built_rows
        where {% for key in keys %}built_rows.{{ key }} = state.{{ key }}{{ ' and ' if not loop.last }}{% endfor %}
    )
    {%- endif %}
{%- endmacro %}
