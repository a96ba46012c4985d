{#-
  Average precision at each cutoff k. S = sum over relevant rows i <= k of (relevant rows with rank <= i) / i.
    denominator='retrieved' (SearchTweak AP@k): S / relevant in top k, 0 if none relevant; null when nothing in
    top k is graded. Ungraded rows count as not relevant inside S.
    denominator='pool' (trec_eval map_cut_k): S / relevant in the pool; null when the pool has no relevant doc.
  The running count of relevant rows is one window over the rows with rank <= the largest cutoff.
-#}
{% macro average_precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, denominator='retrieved') %}
    {{- return(adapter.dispatch('average_precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, denominator)) -}}
{% endmacro %}

{% macro default__average_precision(results, cutoffs, pool, spine, scale, threshold, denominator) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    with ranked_relevance as (
        select run_id, query_id, doc_id, rank, {{ search_metrics.relevance_expression(scale, threshold) }} as relevant
        from {{ results }}
        where rank <= {{ cutoffs | max }}
    ),

    precision_at_relevant as (
        select
            run_id,
            query_id,
            rank,
            relevant,
            case
                when relevant = 1 then
                    {{ search_metrics.as_double('sum(relevant) over (partition by run_id, query_id order by rank, doc_id rows between unbounded preceding and current row)') }} / rank
                else 0
            end as precision_if_relevant
        from ranked_relevance
    ),

    top_k as (
        {{ search_metrics.top_k_rows('precision_at_relevant', ['relevant', 'precision_if_relevant'], cutoffs, search_metrics.spine_relation(results, spine)) }}
    ),

    sums_at_k as (
        select
            run_id,
            query_id,
            k,
            count(relevant) as n_graded,
            coalesce(sum(relevant), 0) as n_relevant,
            coalesce(sum(precision_if_relevant), 0) as precision_sum
        from top_k
        group by run_id, query_id, k
    )
    {%- if denominator == 'pool' %},

    {{ search_metrics.require_pool(pool, 'average_precision with denominator pool') }}
    pool_relevance as (
        select query_id, sum({{ search_metrics.relevance_expression(scale, threshold) }}) as n_relevant_in_pool
        from {{ pool }}
        group by query_id
    )

    select
        sums_at_k.run_id,
        sums_at_k.query_id,
        sums_at_k.k,
        case
            when coalesce(pool_relevance.n_relevant_in_pool, 0) = 0 then null
            else sums_at_k.precision_sum / pool_relevance.n_relevant_in_pool
        end as value
    from sums_at_k
    left join pool_relevance on pool_relevance.query_id = sums_at_k.query_id
    {%- else %}

    select
        run_id,
        query_id,
        k,
        case
            when n_graded = 0 then null
            when n_relevant = 0 then 0
            else precision_sum / n_relevant
        end as value
    from sums_at_k
    {%- endif %}
{%- endmacro %}
