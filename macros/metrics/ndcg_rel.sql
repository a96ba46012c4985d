{#-
  nDCG averaged over the relevant docs per (run_id, query_id), k null (trec_eval ndcg_rel). Relevant = a positive gain
  on `scale` (gain_expression; trec_eval's default gain is the grade); R+ = the docs of the pool with a positive gain;
  DCG@i = the gains of the rows with rank <= i over log2(rank + 1); IDCG@i = the ideal DCG of the pool's gains at
  min(i, R+) (pool_ideal_gains). Each row with a positive gain at rank i adds DCG@i / IDCG@i; each doc of R+ the list
  lacks adds DCG / IDCG of the whole list and pool; ndcg_rel = the sum / R+. Null when R+ = 0 (trec_eval 0).
  DCG@i is a running sum in one window over the rows with a positive gain (rank, then doc_id).
-#}
{% macro ndcg_rel(results, cutoffs=none, pool=none, spine=none, scale='graded', gain='linear') %}
    {{- return(adapter.dispatch('ndcg_rel', 'search_metrics')(results, cutoffs, pool, spine, scale, gain)) -}}
{% endmacro %}

{% macro default__ndcg_rel(results, cutoffs, pool, spine, scale, gain) -%}
    {{- search_metrics.require_pool(pool, 'ndcg_rel') -}}
    with positive_rows as (
        select
            run_id,
            query_id,
            rank,
            sum({{ search_metrics.gain_expression(scale, gain) }} / {{ search_metrics.log2(search_metrics.as_double('rank') ~ ' + 1') }}) over (
                partition by run_id, query_id
                order by rank, doc_id
                rows between unbounded preceding and current row
            ) as dcg
        from {{ results }}
        where {{ search_metrics.gain_expression(scale, gain) }} > 0
    ),

    ideal as (
        select * from (
            {{ search_metrics.pool_ideal_gains(pool, scale, gain) | indent(12) }}
        ) as ideal_gains
    ),

    relevant_sums as (
        select
            positive_rows.run_id,
            positive_rows.query_id,
            count(*) as n_positive_retrieved,
            sum(positive_rows.dcg / ideal.ideal_dcg) as ndcg_sum,
            max(positive_rows.dcg) as dcg_total
        from positive_rows
        inner join ideal
            on ideal.query_id = positive_rows.query_id
            and ideal.ideal_position = least(positive_rows.rank, ideal.n_positive)
        group by positive_rows.run_id, positive_rows.query_id
    ),

    query_ideals as (
        select query_id, n_positive, ideal_dcg_total
        from ideal
        where ideal_position = n_positive
    )

    select
        spine.run_id,
        spine.query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            when query_ideals.n_positive is null then null
            else (coalesce(relevant_sums.ndcg_sum, 0)
                + (query_ideals.n_positive - coalesce(relevant_sums.n_positive_retrieved, 0))
                    * coalesce(relevant_sums.dcg_total, 0) / query_ideals.ideal_dcg_total)
                / query_ideals.n_positive
        end as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join query_ideals on query_ideals.query_id = spine.query_id
    left join relevant_sums
        on relevant_sums.run_id = spine.run_id
        and relevant_sums.query_id = spine.query_id
{%- endmacro %}
