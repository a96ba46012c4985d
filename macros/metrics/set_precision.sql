{#-
  Set precision per (run_id, query_id), k null (trec_eval set_P): relevant rows of the whole list / the rows the
  run returned (n_results of the spine, judged or not). Null when no doc of the query's pool is graded on `scale`
  (as precision_k; trec_eval 0) or the run returned nothing. Needs `pool` and a spine with n_results.
-#}
{% macro set_precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('set_precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__set_precision(results, cutoffs, pool, spine, scale, threshold) -%}
    select
        run_id,
        query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            when n_graded_in_pool = 0 or n_retrieved = 0 then null
            else {{ search_metrics.as_double('n_relevant_retrieved') }} / n_retrieved
        end as value
    from (
        {{ search_metrics.set_counts(results, pool, spine, scale, threshold) | indent(8) }}
    ) as set_counts
{%- endmacro %}
