{#-
  Discounted cumulative gain at each cutoff k: sum over top k of gain_i / log2(i + 1), i = rank, ungraded = 0;
  null when nothing in top k is graded on `scale`. The discount is taken in double: rank + 1 of a 32-bit rank of
  2^31 - 1 (the rank rule's largest) would overflow.
  One grouped pass over the graded rows with rank <= the largest cutoff (aggregate_at_cutoffs).
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
            {{ search_metrics.gain_expression(scale, gain) }} / {{ search_metrics.log2(search_metrics.as_double('rank') ~ ' + 1') }} as discounted_gain
        from {{ results }}
        where rank <= {{ cutoffs | max }}
            and {{ scale }}_value is not null
    ),

    dcg_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('discounted_gains', [
            ['n_graded', 'count', 'discounted_gain'],
            ['dcg', 'sum', 'discounted_gain']
        ], cutoffs, search_metrics.spine_relation(results, spine)) }}
    )

    select
        run_id,
        query_id,
        k,
        case when n_graded = 0 then null else dcg end as value
    from dcg_at_k
{%- endmacro %}
