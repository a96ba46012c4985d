{#-
  Normalised DCG at each cutoff k: DCG@k / IDCG@k, 0 when IDCG@k = 0.
    ideal='local' (SearchTweak): IDCG = the gains of the same top-k rows sorted descending, at positions 1..n;
    null when nothing in top k is graded on `scale`.
    ideal='pool' (trec_eval ndcg_cut_k; with gain='exponential', Quepid / Elasticsearch): IDCG = the best k gains
    of the query's pool (every judged doc, ungraded = 0); null when no doc of the pool is graded.
  Only graded rows are read (an ungraded row adds 0 to every DCG and sorts after the positive gains). Local: one
  window per (run, query) over the graded rows in ideal order gives each row's ideal position within every
  cutoff's top k (a running count of the rows with rank <= k), then one grouped pass (aggregate_at_cutoffs)
  sums DCG and IDCG for all cutoffs. Pool: one window per query over the pool's positive gains.
  Every window is ordered to the row (doc_id breaks the last ties), so the SQL is deterministic on every engine.
-#}
{% macro ndcg(results, cutoffs=none, pool=none, spine=none, scale='graded', gain='linear', ideal='local') %}
    {{- return(adapter.dispatch('ndcg', 'search_metrics')(results, cutoffs, pool, spine, scale, gain, ideal)) -}}
{% endmacro %}

{% macro default__ndcg(results, cutoffs, pool, spine, scale, gain, ideal) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set gain_expression = search_metrics.gain_expression(scale, gain) -%}
    with graded_gains as (
        select
            run_id,
            query_id,
            doc_id,
            rank,
            {{ gain_expression }} as gain,
            {{ gain_expression }} / {{ search_metrics.log2(search_metrics.as_double('rank') ~ ' + 1') }} as discounted_gain
        from {{ results }}
        where rank <= {{ cutoffs | max }}
            and {{ scale }}_value is not null
    ),
    {%- if ideal == 'pool' %}

    dcg_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('graded_gains', [['dcg', 'sum', 'discounted_gain']],
            cutoffs, search_metrics.spine_relation(results, spine)) }}
    ),

    {{ search_metrics.require_pool(pool, 'ndcg with the pool ideal') }}
    pool_gains as (
        select
            query_id,
            row_number() over (
                partition by query_id
                order by {{ gain_expression }} desc, doc_id
            ) as ideal_position,
            {{ gain_expression }} as gain
        from {{ pool }}
        where {{ gain_expression }} > 0
    ),

    ideal_dcg_at_k as (
        select
            query_id
            {%- for k in cutoffs %},
            sum(case when ideal_position <= {{ k }} then gain / {{ search_metrics.log2('ideal_position + 1') }} end) as ideal_dcg_at_{{ k }}
            {%- endfor %}
        from pool_gains
        where ideal_position <= {{ cutoffs | max }}
        group by query_id
    ),

    pool_judgments as (
        {{ search_metrics.pool_counts(pool, scale) | indent(8) }}
    )

    select
        dcg_at_k.run_id,
        dcg_at_k.query_id,
        dcg_at_k.k,
        case
            when coalesce(pool_judgments.n_graded, 0) = 0 then null
            else case dcg_at_k.k
                {%- for k in cutoffs %}
                when {{ k }} then case
                    when coalesce(ideal_dcg_at_k.ideal_dcg_at_{{ k }}, 0) = 0 then cast(0 as {{ double }})
                    else coalesce(dcg_at_k.dcg, 0) / ideal_dcg_at_k.ideal_dcg_at_{{ k }}
                end
                {%- endfor %}
            end
        end as value
    from dcg_at_k
    left join pool_judgments on pool_judgments.query_id = dcg_at_k.query_id
    left join ideal_dcg_at_k on ideal_dcg_at_k.query_id = dcg_at_k.query_id
    {%- else %}

    ideal_positions as (
        select
            run_id,
            query_id,
            rank,
            gain,
            discounted_gain
            {%- for k in cutoffs %},
            sum(case when rank <= {{ k }} then 1 else 0 end) over (
                partition by run_id, query_id
                order by gain desc, rank, doc_id
                rows between unbounded preceding and current row
            ) as ideal_position_at_{{ k }}
            {%- endfor %}
        from graded_gains
    ),

    ndcg_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('ideal_positions', [
            ['n_graded', 'count', 'gain'],
            ['dcg', 'sum', 'discounted_gain'],
            ['ideal_dcg', 'sum', 'gain / ' ~ search_metrics.log2('ideal_position_at_{k} + 1')]
        ], cutoffs, search_metrics.spine_relation(results, spine)) }}
    )

    select
        run_id,
        query_id,
        k,
        case
            when n_graded = 0 then null
            when coalesce(ideal_dcg, 0) = 0 then cast(0 as {{ double }})
            else dcg / ideal_dcg
        end as value
    from ndcg_at_k
    {%- endif %}
{%- endmacro %}
