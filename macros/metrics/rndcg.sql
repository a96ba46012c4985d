{#-
  nDCG averaged at the R levels per (run_id, query_id), k null (trec_eval Rndcg). The R levels b are the ideal
  positions where the pool's gain on `scale` drops (pool_ideal_gains' last_of_level: the cumulative counts of the
  docs at each positive gain, from the highest gain down; the last is R+, the docs with a positive gain), plus the
  list's length n (the spine's n_results) when n >= R+ + 2 (trec_eval adds its implied level change at
  num_retrieved only when at least two rows follow the last positive ideal position). At each b: DCG@b (the gains
  of the rows with rank <= b over log2(rank + 1)) / IDCG@min(b, R+); Rndcg = their mean. Null when the pool has no
  relevant doc on the binary scale (trec_eval 0: it returns early when num_rel = 0, num_rel read at -l, i.e.
  search_metrics_relevance_level) or no positive gain. Needs `pool` and a spine with n_results.
-#}
{% macro rndcg(results, cutoffs=none, pool=none, spine=none, scale='graded', gain='linear') %}
    {{- return(adapter.dispatch('rndcg', 'search_metrics')(results, cutoffs, pool, spine, scale, gain)) -}}
{% endmacro %}

{% macro default__rndcg(results, cutoffs, pool, spine, scale, gain) -%}
    {{- search_metrics.require_pool(pool, 'rndcg') -}}
    {%- if spine is none -%}
        {{- exceptions.raise_compiler_error("search_metrics: rndcg needs the spine: pass spine=<relation with run_id, query_id and n_results>") -}}
    {%- endif %}
    with positive_rows as (
        select
            run_id,
            query_id,
            rank,
            {{ search_metrics.gain_expression(scale, gain) }} / {{ search_metrics.log2(search_metrics.as_double('rank') ~ ' + 1') }} as discounted_gain
        from {{ results }}
        where {{ search_metrics.gain_expression(scale, gain) }} > 0
    ),

    levels as (
        select query_id, ideal_position, ideal_dcg, n_positive, ideal_dcg_total
        from (
            {{ search_metrics.pool_ideal_gains(pool, scale, gain) | indent(12) }}
        ) as ideal_gains
        where last_of_level = 1
    ),

    spine_levels as (
        select spine.run_id, spine.query_id, levels.ideal_position, levels.ideal_dcg
        from (select run_id, query_id from {{ spine }}) as spine
        inner join levels on levels.query_id = spine.query_id
    ),

    dcg_at_levels as (
        select
            spine_levels.run_id,
            spine_levels.query_id,
            spine_levels.ideal_position,
            spine_levels.ideal_dcg,
            coalesce(sum(positive_rows.discounted_gain), 0) as dcg
        from spine_levels
        left join positive_rows
            on positive_rows.run_id = spine_levels.run_id
            and positive_rows.query_id = spine_levels.query_id
            and positive_rows.rank <= spine_levels.ideal_position
        group by spine_levels.run_id, spine_levels.query_id, spine_levels.ideal_position, spine_levels.ideal_dcg
    ),

    level_ratios as (
        select run_id, query_id, count(*) as n_levels, sum(dcg / ideal_dcg) as ratio_sum
        from dcg_at_levels
        group by run_id, query_id
    ),

    list_dcg as (
        select run_id, query_id, sum(discounted_gain) as dcg
        from positive_rows
        group by run_id, query_id
    ),

    query_ideals as (
        select query_id, n_positive, ideal_dcg_total
        from levels
        where ideal_position = n_positive
    ),

    pool_judgments as (
        {{ search_metrics.pool_counts(pool, 'binary', 1) | indent(8) }}
    )

    select
        spine.run_id,
        spine.query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            when coalesce(pool_judgments.n_relevant, 0) = 0 or level_ratios.n_levels is null then null
            when spine.n_results >= query_ideals.n_positive + 2
                then (level_ratios.ratio_sum + coalesce(list_dcg.dcg, 0) / query_ideals.ideal_dcg_total)
                    / (level_ratios.n_levels + 1)
            else level_ratios.ratio_sum / level_ratios.n_levels
        end as value
    from (select run_id, query_id, n_results from {{ spine }}) as spine
    left join pool_judgments on pool_judgments.query_id = spine.query_id
    left join query_ideals on query_ideals.query_id = spine.query_id
    left join level_ratios
        on level_ratios.run_id = spine.run_id
        and level_ratios.query_id = spine.query_id
    left join list_dcg
        on list_dcg.run_id = spine.run_id
        and list_dcg.query_id = spine.query_id
{%- endmacro %}
