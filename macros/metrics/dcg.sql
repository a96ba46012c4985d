{#-
  Discounted cumulative gain at each cutoff k: sum over top k of gain_i / log2(i + 1), i = rank, ungraded = 0;
  null when nothing in top k is graded on `scale`.
-#}
{% macro dcg(results, cutoffs=none, pool=none, spine=none, scale='graded', gain='linear') %}
    {{- return(adapter.dispatch('dcg', 'search_metrics')(results, cutoffs, pool, spine, scale, gain)) -}}
{% endmacro %}

{% macro default__dcg(results, cutoffs, pool, spine, scale, gain) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    with discounted_gains as (
        select
            run_id,
            query_id,
            rank,
            {{ search_metrics.gain_expression(scale, gain) }} / {{ search_metrics.log2('rank + 1') }} as discounted_gain
        from {{ results }}
        where rank <= {{ cutoffs | max }}
    ),

    top_k as (
        {{ search_metrics.top_k_rows('discounted_gains', ['discounted_gain'], cutoffs, search_metrics.spine_relation(results, spine)) }}
    )

    select
        run_id,
        query_id,
        k,
        case when count(discounted_gain) = 0 then null else sum(discounted_gain) end as value
    from top_k
    group by run_id, query_id, k
{%- endmacro %}
