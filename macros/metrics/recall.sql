{#-
  Recall at each cutoff k: relevant in top k / relevant in the query's pool (every judged doc, retrieved or not);
  null when the pool has no relevant doc. One row per (run_id, query_id, k) with column value.
-#}
{% macro recall(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('recall', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__recall(results, cutoffs, pool, spine, scale, threshold) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {{- search_metrics.require_pool(pool, 'recall') -}}
    with ranked_relevance as (
        select run_id, query_id, rank, {{ search_metrics.relevance_expression(scale, threshold) }} as relevant
        from {{ results }}
        where rank <= {{ cutoffs | max }}
    ),

    top_k as (
        {{ search_metrics.top_k_rows('ranked_relevance', ['relevant'], cutoffs, search_metrics.spine_relation(results, spine)) }}
    ),

    relevant_at_k as (
        select run_id, query_id, k, coalesce(sum(relevant), 0) as n_relevant
        from top_k
        group by run_id, query_id, k
    ),

    pool_relevance as (
        select query_id, sum({{ search_metrics.relevance_expression(scale, threshold) }}) as n_relevant_in_pool
        from {{ pool }}
        group by query_id
    )

    select
        relevant_at_k.run_id,
        relevant_at_k.query_id,
        relevant_at_k.k,
        case
            when coalesce(pool_relevance.n_relevant_in_pool, 0) = 0 then null
            else {{ search_metrics.as_double('relevant_at_k.n_relevant') }} / pool_relevance.n_relevant_in_pool
        end as value
    from relevant_at_k
    left join pool_relevance on pool_relevance.query_id = relevant_at_k.query_id
{%- endmacro %}
