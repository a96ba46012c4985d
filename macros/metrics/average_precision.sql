{#-
  Average precision at each cutoff k. S = sum over relevant rows i <= k of (relevant rows with rank <= i) / i.
    denominator='retrieved' (SearchTweak AP@k): S / relevant in top k, 0 if none relevant; null when nothing in
    top k is graded. Ungraded rows count as not relevant inside S.
    denominator='pool' (trec_eval map_cut_k): S / relevant in the pool; null when the pool has no relevant doc.
  The running count of relevant rows is a row_number over the relevant rows only (rank <= the largest cutoff):
  among them it equals the running sum of relevance over all rows in rank order. Rank is the whole order: it is
  unique within (run, query) (an input rule), and rows sharing a rank would add the same sum in either order.
  Then one grouped pass (aggregate_at_cutoffs) over the graded rows.
-#}
{% macro average_precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, denominator='retrieved') %}
    {{- return(adapter.dispatch('average_precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, denominator)) -}}
{% endmacro %}

{% macro default__average_precision(results, cutoffs, pool, spine, scale, threshold, denominator) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {%- set relevance = search_metrics.relevance_expression(scale, threshold) -%}
    with precision_at_relevant as (
        select
            run_id,
            query_id,
            rank,
            1 as relevant,
            {{ search_metrics.as_double('row_number() over (partition by run_id, query_id order by rank, doc_id)') }} / rank as precision_if_relevant
        from {{ results }}
        where rank <= {{ cutoffs | max }}
            and {{ relevance }} = 1
    ),
    {%- if denominator == 'pool' %}

    sums_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('precision_at_relevant', [
            ['precision_sum', 'sum', 'precision_if_relevant']
        ], cutoffs, search_metrics.spine_relation(results, spine)) }}
    ),

    {{ search_metrics.require_pool(pool, 'average_precision with denominator pool') }}
    pool_judgments as (
        {{ search_metrics.pool_counts(pool, scale, threshold) | indent(8) }}
    )

    select
        sums_at_k.run_id,
        sums_at_k.query_id,
        sums_at_k.k,
        case
            when coalesce(pool_judgments.n_relevant, 0) = 0 then null
            else coalesce(sums_at_k.precision_sum, 0) / pool_judgments.n_relevant
        end as value
    from sums_at_k
    left join pool_judgments on pool_judgments.query_id = sums_at_k.query_id
    {%- else %}

    graded_rows as (
        select run_id, query_id, rank, relevant, precision_if_relevant
        from precision_at_relevant
        union all
        select run_id, query_id, rank, 0 as relevant, cast(null as {{ search_metrics.type_double() }}) as precision_if_relevant
        from {{ results }}
        where rank <= {{ cutoffs | max }}
            and {{ relevance }} = 0
    ),

    sums_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('graded_rows', [
            ['n_graded', 'count', 'relevant'],
            ['n_relevant', 'count', 'case when relevant = 1 then 1 end'],
            ['precision_sum', 'sum', 'precision_if_relevant']
        ], cutoffs, search_metrics.spine_relation(results, spine)) }}
    )

    select
        run_id,
        query_id,
        k,
        case
            when n_graded = 0 then null
            when n_relevant = 0 then 0
            else coalesce(precision_sum, 0) / n_relevant
        end as value
    from sums_at_k
    {%- endif %}
{%- endmacro %}
