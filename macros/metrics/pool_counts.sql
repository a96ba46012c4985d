{#-
  Per query of `pool` (the judged docs with their aggregated values): n_graded (docs graded on `scale`),
  n_relevant (value >= `threshold`) and n_nonrelevant (graded, below the threshold). The metrics whose value or
  null rule depends on the query's judgments (success, r_precision, bpref, rbp, rbp_residual, count,
  interpolated_precision) join it by query_id. Returns query_id, n_graded, n_relevant, n_nonrelevant.
-#}
{% macro pool_counts(pool, scale, threshold=1) %}
    {{- return(adapter.dispatch('pool_counts', 'search_metrics')(pool, scale, threshold)) -}}
{% endmacro %}

{% macro default__pool_counts(pool, scale, threshold) -%}
    {%- set relevance = search_metrics.relevance_expression(scale, threshold) -%}
    select
        query_id,
        count({{ scale }}_value) as n_graded,
        coalesce(sum({{ relevance }}), 0) as n_relevant,
        coalesce(sum(1 - {{ relevance }}), 0) as n_nonrelevant
    from {{ pool }}
    group by query_id
{%- endmacro %}
