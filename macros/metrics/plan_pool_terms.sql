{#-
  The query terms of the pool that several metric plans read (metric_plan), as pool_counts computes them: per
  query, q_graded_<scale> (docs graded on the scale) and, with a threshold, q_relevant_<scale>_<threshold> (value
  >= threshold) and q_nonrelevant_<scale>_<threshold> (graded, below it); each 0 for a query without a pool row.
  Returns {names: {graded, relevant, nonrelevant}, query_terms}.
-#}
{% macro plan_pool_terms(scale, threshold=none) %}
    {%- set graded = search_metrics.plan_name(['q_graded', scale]) -%}
    {%- set query_terms = {graded: ['count(' ~ scale ~ '_value)', '0']} -%}
    {%- set names = {'graded': graded} -%}
    {%- if threshold is not none -%}
        {%- set relevance = search_metrics.relevance_expression(scale, threshold) -%}
        {%- set relevant = search_metrics.plan_name(['q_relevant', scale, threshold]) -%}
        {%- set nonrelevant = search_metrics.plan_name(['q_nonrelevant', scale, threshold]) -%}
        {%- do query_terms.update({relevant: ['coalesce(sum(' ~ relevance ~ '), 0)', '0'],
                                   nonrelevant: ['coalesce(sum(1 - ' ~ relevance ~ '), 0)', '0']}) -%}
        {%- do names.update({'relevant': relevant, 'nonrelevant': nonrelevant}) -%}
    {%- endif -%}
    {{- return({'names': names, 'query_terms': query_terms}) -}}
{% endmacro %}
