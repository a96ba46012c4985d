{#-
  Binary ties at each cutoff k: top-k rows whose binary majority vote tied (so they count as ungraded).
  One grouped pass over the tied rows with rank <= the largest cutoff (aggregate_at_cutoffs).
-#}
{% macro binary_ties(results, cutoffs=none, pool=none, spine=none) %}
    {{- return(adapter.dispatch('binary_ties', 'search_metrics')(results, cutoffs, pool, spine)) -}}
{% endmacro %}

{% macro default__binary_ties(results, cutoffs, pool, spine) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    with tied_rows as (
        select run_id, query_id, rank, binary_tie
        from {{ results }}
        where rank <= {{ cutoffs | max }}
            and binary_tie <> 0
    ),

    ties_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('tied_rows', [['n_ties', 'sum', 'binary_tie']],
            cutoffs, search_metrics.spine_relation(results, spine)) }}
    )

    select
        run_id,
        query_id,
        k,
        {{ search_metrics.as_double('coalesce(n_ties, 0)') }} as value
    from ties_at_k
{%- endmacro %}
