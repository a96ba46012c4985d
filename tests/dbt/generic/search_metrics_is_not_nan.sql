{#- Rule: `column_name` is not NaN (null and ±infinity pass: other rules say whether they may be). Returns the offending rows. -#}
{% test search_metrics_is_not_nan(model, column_name) %}
select
    *,
    '{{ column_name }} must not be NaN' as rule_violated
from {{ model }}
where {{ search_metrics.is_nan(column_name) }}
{% endtest %}
