{#-
  Binary G per (run_id, query_id), k null (trec_eval binG): over the whole list, the j-th relevant row (rank i,
  relevant rows counted in rank order, then doc_id) adds 1 / log2(2 + i - j), i - j being the rows above it that
  are not relevant (judged non-relevant or unjudged); binG = the sum / R, R = relevant docs of the pool. 0 when no
  row is relevant. Null when R = 0 (trec_eval 0). j is a row_number over the relevant rows, as in
  average_precision.
-#}
{% macro bin_g(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('bin_g', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__bin_g(results, cutoffs, pool, spine, scale, threshold) -%}
    {{- search_metrics.require_pool(pool, 'bin_g') -}}
    with relevant_rows as (
        select
            run_id,
            query_id,
            rank,
            row_number() over (partition by run_id, query_id order by rank, doc_id) as hits
        from {{ results }}
        where {{ search_metrics.relevance_expression(scale, threshold) }} = 1
    ),

    g_sums as (
        select
            run_id,
            query_id,
            sum(1 / {{ search_metrics.log2(search_metrics.as_double('rank - hits') ~ ' + 2') }}) as g_sum
        from relevant_rows
        group by run_id, query_id
    ),

    pool_judgments as (
        {{ search_metrics.pool_counts(pool, scale, threshold) | indent(8) }}
    )

    select
        spine.run_id,
        spine.query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            when coalesce(pool_judgments.n_relevant, 0) = 0 then null
            else coalesce(g_sums.g_sum, 0) / pool_judgments.n_relevant
        end as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join pool_judgments on pool_judgments.query_id = spine.query_id
    left join g_sums
        on g_sums.run_id = spine.run_id
        and g_sums.query_id = spine.query_id
{%- endmacro %}
