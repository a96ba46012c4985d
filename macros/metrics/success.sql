{#-
  Success at each cutoff k (trec_eval success_k, ranx hit_rate): 1 when a relevant row has rank <= k, else 0;
  null when no doc of the query's pool is graded on `scale` (the query is not judged). Needs `pool`.
  One grouped pass over the relevant rows with rank <= the largest cutoff (aggregate_at_cutoffs).
-#}
{% macro success(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('success', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__success(results, cutoffs, pool, spine, scale, threshold) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {{- search_metrics.require_pool(pool, 'success') -}}
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
            when coalesce(pool_judgments.n_graded, 0) = 0 then null
            when relevant_at_k.n_relevant > 0 then cast(1 as {{ search_metrics.type_double() }})
            else cast(0 as {{ search_metrics.type_double() }})
        end as value
    from relevant_at_k
    left join pool_judgments on pool_judgments.query_id = relevant_at_k.query_id
{%- endmacro %}
