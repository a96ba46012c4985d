{#-
  The contingency counts of the whole list that the set measures' plans read (metric_plan):
  n_results (the spine's: every row the run returned), the relevant rows returned (a pair term over the whole
  list) and the pool's graded and relevant docs. Returns {retrieved, relevant_retrieved, graded_in_pool,
  relevant_in_pool, plan (its query_terms, pair_terms, reads_n_results)}.
-#}
{% macro plan_set_terms(metric) %}
    {%- set pool_terms = search_metrics.plan_pool_terms(metric.scale, metric.threshold) -%}
    {%- set list = search_metrics.plan_list_terms(metric, none, metric.threshold) -%}
    {{- return({'retrieved': 'n_results', 'relevant_retrieved': list.relevant,
                'graded_in_pool': pool_terms.names.graded, 'relevant_in_pool': pool_terms.names.relevant,
                'plan': {'query_terms': pool_terms.query_terms, 'pair_terms': {list.relevant: list.pair_terms[list.relevant]},
                         'reads_n_results': true}}) -}}
{% endmacro %}
