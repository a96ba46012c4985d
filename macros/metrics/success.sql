{#-
  Success at each cutoff k (trec_eval success_k, ranx hit_rate): 1 when a relevant row has rank <= k, else 0;
  null when no doc of the query's pool is graded on `scale` (the query is not judged). Needs `pool`.
  Computed from relevant_at_cutoffs (one grouped pass over the relevant rows with rank <= the largest cutoff).
-#}
{% macro success(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('success', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__success(results, cutoffs, pool, spine, scale, threshold) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {{- search_metrics.require_pool(pool, 'success') -}}
    select
        run_id,
        query_id,
        k,
        case
            when n_graded_in_pool = 0 then null
            when n_relevant > 0 then cast(1 as {{ search_metrics.type_double() }})
            else cast(0 as {{ search_metrics.type_double() }})
        end as value
    from (
        {{ search_metrics.relevant_at_cutoffs(results, cutoffs, pool, spine, scale, threshold) | indent(8) }}
    ) as relevant_counts
{%- endmacro %}
