{#-
  Set average precision per (run_id, query_id), k null (trec_eval set_map): rr^2 / (n R), rr = relevant rows of
  the whole list, n = rows the run returned (the spine's n_results), R = relevant docs of the pool: set precision
  times set recall. Null when R = 0 or n = 0 (trec_eval 0). Needs `pool` and a spine with n_results.
-#}
{% macro set_average_precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('set_average_precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__set_average_precision(results, cutoffs, pool, spine, scale, threshold) -%}
    select
        run_id,
        query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            when n_relevant_in_pool = 0 or n_retrieved = 0 then null
            else {{ search_metrics.as_double('n_relevant_retrieved') }} * n_relevant_retrieved
                / ({{ search_metrics.as_double('n_retrieved') }} * n_relevant_in_pool)
        end as value
    from (
        {{ search_metrics.set_counts(results, pool, spine, scale, threshold) | indent(8) }}
    ) as set_counts
{%- endmacro %}
