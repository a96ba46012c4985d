{#-
  Precision at a multiple of R per (run_id, query_id), k null (trec_eval Rprec_mult_x): c = floor(multiple * R + 0.9)
  in double precision (trec_eval 9 and 10 alike), R = relevant docs of the query's pool; the relevant rows with
  rank <= c, divided by c (rows beyond the list count as not relevant). 0 when c = 0 (a multiple below 0.1 / R,
  as trec_eval). Null when R = 0 (trec_eval 0). Reads every rank.
-#}
{% macro r_precision_multiple(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, multiple=1) %}
    {{- return(adapter.dispatch('r_precision_multiple', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, multiple)) -}}
{% endmacro %}

{% macro default__r_precision_multiple(results, cutoffs, pool, spine, scale, threshold, multiple) -%}
    {{- search_metrics.require_pool(pool, 'r_precision_multiple') -}}
    {%- set double = search_metrics.type_double() -%}
    with pool_judgments as (
        select
            query_id,
            n_relevant,
            floor(cast({{ multiple }} as {{ double }}) * n_relevant + cast(0.9 as {{ double }})) as n_ranks
        from ({{ search_metrics.pool_counts(pool, scale, threshold) }}) as pool_counts
    ),

    hits_within_c as (
        select
            results.run_id,
            results.query_id,
            count(*) as n_hits
        from {{ results }} as results
        inner join pool_judgments on pool_judgments.query_id = results.query_id
        where {{ search_metrics.relevance_expression('results.' ~ scale, threshold) }} = 1
            and results.rank <= pool_judgments.n_ranks
        group by results.run_id, results.query_id
    )

    select
        spine.run_id,
        spine.query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            when coalesce(pool_judgments.n_relevant, 0) = 0 then null
            when pool_judgments.n_ranks = 0 then cast(0 as {{ double }})
            else {{ search_metrics.as_double('coalesce(hits_within_c.n_hits, 0)') }} / pool_judgments.n_ranks
        end as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join pool_judgments on pool_judgments.query_id = spine.query_id
    left join hits_within_c
        on hits_within_c.run_id = spine.run_id
        and hits_within_c.query_id = spine.query_id
{%- endmacro %}
