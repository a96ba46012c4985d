{#-
  The pre-hook of a judged incremental model (judged_incremental_config): on an incremental run, deletes from the
  table every row whose `keys` have no row in `state` with the same `fingerprint` (its run's results or its query's
  judgments changed, or the run is gone). Renders nothing on a first or full-refresh run.
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
