{#-
  Per (run_id, query_id) of the spine and cutoff k: n_relevant, the relevant rows with rank <= k (one grouped pass
  over the relevant rows, aggregate_at_cutoffs), next to the query's pool counts (pool_counts: n_graded_in_pool,
  n_relevant_in_pool). recall and success are each one expression over it.
  Returns run_id, query_id, k, n_relevant, n_graded_in_pool, n_relevant_in_pool (the pool counts 0 for a query
  with no judgment).
-#}
{% macro relevant_at_cutoffs(results, cutoffs, pool, spine, scale, threshold) %}
    {{- return(adapter.dispatch('relevant_at_cutoffs', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__relevant_at_cutoffs(results, cutoffs, pool, spine, scale, threshold) -%}
    with relevant_rows as (
        select run_id, query_id, rank
        from {{ results }}
        where rank <= {{ cutoffs | max }}
            and {{ search_metrics.relevance_expression(scale, threshold) }} = 1
    ),

    relevant_at_k as (
        {{ search_metrics.aggregate_at_cutoffs('relevant_rows', [['n_relevant', 'count', 'rank']],
            cutoffs, search_metrics.spine_relation(results, spine)) }}
    ),

    pool_judgments as (
        {{ search_metrics.pool_counts(pool, scale, threshold) | indent(8) }}
    )

    select
        relevant_at_k.run_id,
        relevant_at_k.query_id,
        relevant_at_k.k,
        relevant_at_k.n_relevant,
        coalesce(pool_judgments.n_graded, 0) as n_graded_in_pool,
        coalesce(pool_judgments.n_relevant, 0) as n_relevant_in_pool
    from relevant_at_k
    left join pool_judgments on pool_judgments.query_id = relevant_at_k.query_id
{%- endmacro %}
