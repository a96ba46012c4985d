{#-
  The contingency counts of the whole list per (run_id, query_id) of the spine, that trec_eval's set measures
  (set_P, set_recall, set_F, set_map, set_relative_P, utility) are each one expression of: n_retrieved (the spine's
  n_results: every row the run returned, judged or not), n_relevant_retrieved (rows whose value on `scale` is
  >= `threshold`), n_graded_in_pool and n_relevant_in_pool (pool_counts; 0 for a query with no judgment).
  Needs `pool` and a `spine` with n_results (a compile error says so). Returns run_id, query_id, n_retrieved,
  n_relevant_retrieved, n_graded_in_pool, n_relevant_in_pool.
-#}
{% macro set_counts(results, pool, spine, scale, threshold) %}
    {{- return(adapter.dispatch('set_counts', 'search_metrics')(results, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__set_counts(results, pool, spine, scale, threshold) -%}
    {{- search_metrics.require_pool(pool, 'a set measure') -}}
    {%- if spine is none -%}
        {{- exceptions.raise_compiler_error("search_metrics: a set measure needs the spine: pass spine=<relation with run_id, query_id and n_results>") -}}
    {%- endif %}
    select
        spine.run_id,
        spine.query_id,
        spine.n_results as n_retrieved,
        coalesce(retrieved.n_relevant, 0) as n_relevant_retrieved,
        coalesce(pool_judgments.n_graded, 0) as n_graded_in_pool,
        coalesce(pool_judgments.n_relevant, 0) as n_relevant_in_pool
    from (select run_id, query_id, n_results from {{ spine }}) as spine
    left join (
        select run_id, query_id, count(*) as n_relevant
        from {{ results }}
        where {{ search_metrics.relevance_expression(scale, threshold) }} = 1
        group by run_id, query_id
    ) as retrieved
        on retrieved.run_id = spine.run_id
        and retrieved.query_id = spine.query_id
    left join (
        {{ search_metrics.pool_counts(pool, scale, threshold) | indent(8) }}
    ) as pool_judgments on pool_judgments.query_id = spine.query_id
{%- endmacro %}
