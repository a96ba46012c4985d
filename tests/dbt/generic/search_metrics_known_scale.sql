{#- Rule: scale is binary, graded or detail (never null). Returns the offending rows. -#}
{% test search_metrics_known_scale(model, column_name) %}
select
    *,
    'scale must be one of binary, graded, detail' as rule_violated
from {{ model }}
where {{ column_name }} is null
    or {{ column_name }} not in ('binary', 'graded', 'detail')
{% endtest %}
