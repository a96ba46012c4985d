{#-
  Rule: a position is a whole number from 1 to largest_rank() (2147483647, 2^31 - 1; the 1-based rank of a shown or
  clicked result), never null, NaN or infinite. Returns the offending rows.
-#}
{% test search_metrics_position_is_valid(model, column_name) %}
select
    *,
    'position must be a whole number from 1 to {{ search_metrics.largest_rank() }} (1-based) and not null' as rule_violated
from {{ model }}
where {{ column_name }} is null
    or {{ search_metrics.is_nan(column_name) }}
    or {{ column_name }} < 1
    or {{ column_name }} > {{ search_metrics.largest_rank() }}
    or {{ column_name }} <> floor({{ column_name }})
{% endtest %}
