{#-
  Unjudged at each cutoff k (trec_eval 10 unj_k): the rows with rank <= k whose doc is not graded on `scale` (outside
  the pool, or in it with every grade null: a negative grade under search_metrics_negative_grades: unjudged), divided
  by k (ranks beyond the list count as judged, as trec_eval's "assumed irrelevant"). Never null (0 for an empty top k).
  Needs `results` to keep the rows without a judgment (search_metrics_int_labeled_results does when an unjudged or
  coverage metric is configured: reads_unjudged_results). One grouped pass (aggregate_at_cutoffs).
-#}
{% macro unjudged(results, cutoffs=none, pool=none, spine=none, scale='graded') %}
    {{- return(adapter.dispatch('unjudged', 'search_metrics')(results, cutoffs, pool, spine, scale)) -}}
{% endmacro %}

{% macro default__unjudged(results, cutoffs, pool, spine, scale) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    with unjudged_rows as (
        select run_id, query_id, rank
        from {{ results }}
        where rank <= {{ cutoffs | max }}
            and {{ scale }}_value is null
    ),

    unjudged_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('unjudged_rows', [['n_unjudged', 'count', 'rank']],
            cutoffs, search_metrics.spine_relation(results, spine)) }}
    )

    select
        run_id,
        query_id,
        k,
        {{ search_metrics.as_double('n_unjudged') }} / k as value
    from unjudged_at_k
{%- endmacro %}
