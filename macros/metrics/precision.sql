{#-
  Precision at each cutoff k, one row per (run_id, query_id, k) with column value.
    denominator='graded' (SearchTweak P@k): relevant in top k / graded in top k; null when nothing in top k is graded.
    denominator='k' (trec_eval P_k): relevant in top k / k, ungraded = not relevant; null when no doc of the
    query's pool is graded (needs `pool`).
  results: run_id, query_id, doc_id, rank, <scale>_value; pool: query_id, <scale>_value; spine: run_id, query_id.
-#}
{% macro precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, denominator='graded') %}
    {{- return(adapter.dispatch('precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, denominator)) -}}
{% endmacro %}

{% macro default__precision(results, cutoffs, pool, spine, scale, threshold, denominator) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    with ranked_relevance as (
        select run_id, query_id, rank, {{ search_metrics.relevance_expression(scale, threshold) }} as relevant
        from {{ results }}
        where rank <= {{ cutoffs | max }}
    ),

    top_k as (
        {{ search_metrics.top_k_rows('ranked_relevance', ['relevant'], cutoffs, search_metrics.spine_relation(results, spine)) }}
    ),

    counts_at_k as (
        select
            run_id,
            query_id,
            k,
            count(relevant) as n_graded,
            coalesce(sum(relevant), 0) as n_relevant
        from top_k
        group by run_id, query_id, k
    )
    {%- if denominator == 'k' %},

    {{ search_metrics.require_pool(pool, 'precision with denominator k') }}
    pool_counts as (
        select query_id, count({{ scale }}_value) as n_graded_in_pool
        from {{ pool }}
        group by query_id
    )

    select
        counts_at_k.run_id,
        counts_at_k.query_id,
        counts_at_k.k,
        case
            when coalesce(pool_counts.n_graded_in_pool, 0) = 0 then null
            else {{ search_metrics.as_double('counts_at_k.n_relevant') }} / counts_at_k.k
        end as value
    from counts_at_k
    left join pool_counts on pool_counts.query_id = counts_at_k.query_id
    {%- else %}

    select
        run_id,
        query_id,
        k,
        case
            when n_graded = 0 then null
            else {{ search_metrics.as_double('n_relevant') }} / n_graded
        end as value
    from counts_at_k
    {%- endif %}
{%- endmacro %}
