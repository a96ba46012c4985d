{#-
  Normalised DCG at each cutoff k: DCG@k / IDCG@k, 0 when IDCG@k = 0.
    ideal='local' (SearchTweak): IDCG = the gains of the same top-k rows sorted descending, at positions 1..n;
    null when nothing in top k is graded on `scale`.
    ideal='pool' (trec_eval ndcg_cut_k; with gain='exponential', Quepid / Elasticsearch): IDCG = the best k gains
    of the query's pool (every judged doc, ungraded = 0); null when no doc of the pool is graded.
  Ideal orderings are windows: per (run, query, k) over the top-k rows, or per query over the pool's best k.
-#}
{% macro ndcg(results, cutoffs=none, pool=none, spine=none, scale='graded', gain='linear', ideal='local') %}
    {{- return(adapter.dispatch('ndcg', 'search_metrics')(results, cutoffs, pool, spine, scale, gain, ideal)) -}}
{% endmacro %}

{% macro default__ndcg(results, cutoffs, pool, spine, scale, gain, ideal) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {%- set double = search_metrics.type_double() -%}
    with ranked_gains as (
        select
            run_id,
            query_id,
            doc_id,
            rank,
            {{ search_metrics.gain_expression(scale, gain) }} as gain
        from {{ results }}
        where rank <= {{ cutoffs | max }}
    ),

    top_k as (
        {{ search_metrics.top_k_rows('ranked_gains', ['doc_id', 'rank', 'gain'], cutoffs, search_metrics.spine_relation(results, spine)) }}
    ),
    {%- if ideal == 'pool' %}

    {{ search_metrics.require_pool(pool, 'ndcg with the pool ideal') }}
    pool_gains as (
        select
            query_id,
            row_number() over (
                partition by query_id
                order by coalesce({{ search_metrics.gain_expression(scale, gain) }}, 0) desc, doc_id
            ) as ideal_position,
            coalesce({{ search_metrics.gain_expression(scale, gain) }}, 0) as gain
        from {{ pool }}
    ),

    pool_best_gains as (
        select query_id, ideal_position, gain
        from pool_gains
        where ideal_position <= {{ cutoffs | max }}
    ),

    ideal_dcg_at_k as (
        select
            pool_best_gains.query_id,
            cutoffs.k,
            sum(pool_best_gains.gain / {{ search_metrics.log2('pool_best_gains.ideal_position + 1') }}) as ideal_dcg
        from pool_best_gains
        inner join ({{ search_metrics.cutoffs_relation(cutoffs) }}) as cutoffs
            on pool_best_gains.ideal_position <= cutoffs.k
        group by pool_best_gains.query_id, cutoffs.k
    ),

    pool_graded as (
        select query_id, count({{ scale }}_value) as n_graded_in_pool
        from {{ pool }}
        group by query_id
    ),

    dcg_at_k as (
        select
            run_id,
            query_id,
            k,
            coalesce(sum(coalesce(gain, 0) / {{ search_metrics.log2('rank + 1') }}), 0) as dcg
        from top_k
        group by run_id, query_id, k
    )

    select
        dcg_at_k.run_id,
        dcg_at_k.query_id,
        dcg_at_k.k,
        case
            when coalesce(pool_graded.n_graded_in_pool, 0) = 0 then null
            when coalesce(ideal_dcg_at_k.ideal_dcg, 0) = 0 then cast(0 as {{ double }})
            else dcg_at_k.dcg / ideal_dcg_at_k.ideal_dcg
        end as value
    from dcg_at_k
    left join pool_graded on pool_graded.query_id = dcg_at_k.query_id
    left join ideal_dcg_at_k
        on ideal_dcg_at_k.query_id = dcg_at_k.query_id
        and ideal_dcg_at_k.k = dcg_at_k.k
    {%- else %}

    ideal_positions as (
        {#- A pair with an empty top k has one row of nulls here: it reaches the result with n_graded = 0. #}
        select
            run_id,
            query_id,
            k,
            rank,
            gain,
            row_number() over (
                partition by run_id, query_id, k
                order by coalesce(gain, 0) desc, rank, doc_id
            ) as ideal_position
        from top_k
    ),

    dcg_at_k as (
        select
            run_id,
            query_id,
            k,
            count(gain) as n_graded,
            sum(coalesce(gain, 0) / {{ search_metrics.log2('rank + 1') }}) as dcg,
            sum(coalesce(gain, 0) / {{ search_metrics.log2('ideal_position + 1') }}) as ideal_dcg
        from ideal_positions
        group by run_id, query_id, k
    )

    select
        run_id,
        query_id,
        k,
        case
            when n_graded = 0 then null
            when ideal_dcg = 0 then cast(0 as {{ double }})
            else dcg / ideal_dcg
        end as value
    from dcg_at_k
    {%- endif %}
{%- endmacro %}
