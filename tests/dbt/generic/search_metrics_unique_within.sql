{#- Rule: the combination of `columns` is unique. Returns each duplicated combination with its count. -#}
{% test search_metrics_unique_within(model, columns) %}
select
    {{ columns | join(', ') }},
    count(*) as n_rows,
    '{{ columns | join(", ") }} must be unique' as rule_violated
from {{ model }}
group by {{ columns | join(', ') }}
having count(*) > 1
{% endtest %}
