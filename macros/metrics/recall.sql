{#-
  Recall at each cutoff k: relevant in top k / relevant in the query's pool (every judged doc, retrieved or not);
  null when the pool has no relevant doc. One row per (run_id, query_id, k) with column value.
  One grouped pass over the relevant rows with rank <= the largest cutoff (aggregate_at_cutoffs).
-#}
{% macro recall(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('recall', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__recall(results, cutoffs, pool, spine, scale, threshold) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {{- search_metrics.require_pool(pool, 'recall') -}}
    with relevant_rows as (
        select run_id, query_id, rank
        from {{ results }}
        where rank <= {{ cutoffs | max }}
            and {{ search_metrics.relevance_expression(scale, threshold) }} = 1
    ),

    relevant_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('relevant_rows', [['n_relevant', 'count', 'rank']],
            cutoffs, search_metrics.spine_relation(results, spine)) }}
    ),

    pool_judgments as (
        {{ search_metrics.pool_counts(pool, scale, threshold) | indent(8) }}
    )

    select
        relevant_at_k.run_id,
        relevant_at_k.query_id,
        relevant_at_k.k,
        case
            when coalesce(pool_judgments.n_relevant, 0) = 0 then null
            else {{ search_metrics.as_double('relevant_at_k.n_relevant') }} / pool_judgments.n_relevant
        end as value
    from relevant_at_k
    left join pool_judgments on pool_judgments.query_id = relevant_at_k.query_id
{%- endmacro %}
