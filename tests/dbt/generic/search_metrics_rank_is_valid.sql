{#- Rule: rank is a whole number >= 1 (1-based position), never null. Returns the offending rows. -#}
{% test search_metrics_rank_is_valid(model, column_name) %}
select
    *,
    'rank must be a whole number >= 1 and not null' as rule_violated
from {{ model }}
where {{ column_name }} is null
    or {{ column_name }} < 1
    or {{ column_name }} <> floor({{ column_name }})
{% endtest %}
