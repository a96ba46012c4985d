{#- Rule: all judgments of a query use one scale. Returns each query with more than one. -#}
{% test search_metrics_one_scale_per_query(model, column_name, query_column='query_id') %}
select
    {{ query_column }},
    count(distinct {{ column_name }}) as n_scales,
    'a query must use one scale' as rule_violated
from {{ model }}
group by {{ query_column }}
having count(distinct {{ column_name }}) > 1
{% endtest %}
