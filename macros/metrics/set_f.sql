{#-
  Set F per (run_id, query_id), k null (trec_eval set_F): (beta + 1) P R / (beta P + R), with P = rr / n and
  R = rr / R_pool (rr relevant rows of the whole list, n rows the run returned: the spine's n_results). beta enters
  as trec_eval's parameter x does (not squared): 1 (the default) is the harmonic mean, 0 gives P. 0 when rr = 0.
  Null when R_pool = 0 (trec_eval 0). Needs `pool` and a spine with n_results.
-#}
{% macro set_f(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, beta=1) %}
    {{- return(adapter.dispatch('set_f', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, beta)) -}}
{% endmacro %}

{% macro default__set_f(results, cutoffs, pool, spine, scale, threshold, beta) -%}
    select
        run_id,
        query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            when n_relevant_in_pool = 0 then null
            when n_relevant_retrieved = 0 then cast(0 as {{ search_metrics.type_double() }})
            else ({{ search_metrics.as_double(beta) }} + 1)
                * ({{ search_metrics.as_double('n_relevant_retrieved') }} / n_retrieved)
                * ({{ search_metrics.as_double('n_relevant_retrieved') }} / n_relevant_in_pool)
                / ({{ search_metrics.as_double(beta) }} * ({{ search_metrics.as_double('n_relevant_retrieved') }} / n_retrieved)
                    + {{ search_metrics.as_double('n_relevant_retrieved') }} / n_relevant_in_pool)
        end as value
    from (
        {{ search_metrics.set_counts(results, pool, spine, scale, threshold) | indent(8) }}
    ) as set_counts
{%- endmacro %}
