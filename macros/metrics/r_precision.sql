{#-
  R-precision per (run_id, query_id), k null (trec_eval Rprec): R = relevant docs in the query's pool; the
  relevant rows with rank <= R, divided by R. Null when R = 0 (trec_eval reports 0 there). Reads every rank.
-#}
{% macro r_precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('r_precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__r_precision(results, cutoffs, pool, spine, scale, threshold) -%}
    {{- search_metrics.require_pool(pool, 'r_precision') -}}
    with pool_judgments as (
        {{ search_metrics.pool_counts(pool, scale, threshold) | indent(8) }}
    ),

    hits_within_r as (
        select
            results.run_id,
            results.query_id,
            count(*) as n_hits
        from {{ results }} as results
        inner join pool_judgments on pool_judgments.query_id = results.query_id
        where {{ search_metrics.relevance_expression('results.' ~ scale, threshold) }} = 1
            and results.rank <= pool_judgments.n_relevant
        group by results.run_id, results.query_id
    )

    select
        spine.run_id,
        spine.query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            when coalesce(pool_judgments.n_relevant, 0) = 0 then null
            else {{ search_metrics.as_double('coalesce(hits_within_r.n_hits, 0)') }} / pool_judgments.n_relevant
        end as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join pool_judgments on pool_judgments.query_id = spine.query_id
    left join hits_within_r
        on hits_within_r.run_id = spine.run_id
        and hits_within_r.query_id = spine.query_id
{%- endmacro %}
