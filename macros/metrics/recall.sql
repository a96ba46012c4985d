{#-
  Recall at each cutoff k: relevant in top k / relevant in the query's pool (every judged doc, retrieved or not);
  null when the pool has no relevant doc. One row per (run_id, query_id, k) with column value.
  Computed from relevant_at_cutoffs (one grouped pass over the relevant rows with rank <= the largest cutoff).
-#}
{% macro recall(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('recall', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__recall(results, cutoffs, pool, spine, scale, threshold) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {{- search_metrics.require_pool(pool, 'recall') -}}
    select
        run_id,
        query_id,
        k,
        case
            when n_relevant_in_pool = 0 then null
            else {{ search_metrics.as_double('n_relevant') }} / n_relevant_in_pool
        end as value
    from (
        {{ search_metrics.relevant_at_cutoffs(results, cutoffs, pool, spine, scale, threshold) | indent(8) }}
    ) as relevant_counts
{%- endmacro %}
