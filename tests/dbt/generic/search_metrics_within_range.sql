{#- Rule: `column_name` is null or within [min_value, max_value]. Returns the offending rows. -#}
{% test search_metrics_within_range(model, column_name, min_value, max_value) %}
select
    *,
    '{{ column_name }} must be null or between {{ min_value }} and {{ max_value }}' as rule_violated
from {{ model }}
where {{ column_name }} < {{ min_value }} or {{ column_name }} > {{ max_value }}
{% endtest %}
