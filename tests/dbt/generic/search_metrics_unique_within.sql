{#- Rule: the combination of `columns` is unique. Returns each duplicated combination with its count. -#}
{% test search_metrics_unique_within(model, columns) %}
select
    duplicated_keys.*,
    '{{ columns | join(", ") }} must be unique' as rule_violated
from (
    {{ search_metrics.duplicate_keys(model, columns) }}
) as duplicated_keys
{% endtest %}
