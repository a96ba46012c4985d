{#-
  Precision at each cutoff k, one row per (run_id, query_id, k) with column value.
    denominator='graded' (SearchTweak P@k): relevant in top k / graded in top k; null when nothing in top k is graded.
    denominator='k' (trec_eval P_k): relevant in top k / k, ungraded = not relevant; null when no doc of the
    query's pool is graded (needs `pool`).
  results: run_id, query_id, doc_id, rank, <scale>_value; pool: query_id, <scale>_value; spine: run_id, query_id.
  One grouped pass over the graded rows with rank <= the largest cutoff (aggregate_at_cutoffs).
-#}
{% macro precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, denominator='graded') %}
    {{- return(adapter.dispatch('precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, denominator)) -}}
{% endmacro %}

{% macro default__precision(results, cutoffs, pool, spine, scale, threshold, denominator) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    with graded_relevance as (
        select run_id, query_id, rank, {{ search_metrics.relevance_expression(scale, threshold) }} as relevant
        from {{ results }}
        where rank <= {{ cutoffs | max }}
            and {{ scale }}_value is not null
    ),

    counts_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('graded_relevance', [
            ['n_graded', 'count', 'relevant'],
            ['n_relevant', 'count', 'case when relevant = 1 then 1 end']
        ], cutoffs, search_metrics.spine_relation(results, spine)) }}
    )
    {%- if denominator == 'k' %},

    {{ search_metrics.require_pool(pool, 'precision with denominator k') }}
    pool_judgments as (
        {{ search_metrics.pool_counts(pool, scale, threshold) | indent(8) }}
    )

    select
        counts_at_k.run_id,
        counts_at_k.query_id,
        counts_at_k.k,
        case
            when coalesce(pool_judgments.n_graded, 0) = 0 then null
            else {{ search_metrics.as_double('counts_at_k.n_relevant') }} / counts_at_k.k
        end as value
    from counts_at_k
    left join pool_judgments on pool_judgments.query_id = counts_at_k.query_id
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
