{#- Rule: a position is a whole number >= 1 (1-based rank of a shown or clicked result), never null. Returns the offending rows. -#}
{% test search_metrics_position_is_valid(model, column_name) %}
select
    *,
    'position must be a whole number >= 1 (1-based) and not null' as rule_violated
from {{ model }}
where {{ column_name }} is null
    or {{ column_name }} < 1
    or {{ column_name }} <> floor({{ column_name }})
{% endtest %}
