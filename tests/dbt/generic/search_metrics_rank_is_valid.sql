{#-
  Rule: rank is a whole number from 1 to largest_rank() (2147483647, 2^31 - 1; 1-based position), never null, NaN or
  infinite. Returns the offending rows.
-#}
{% test search_metrics_rank_is_valid(model, column_name) %}
select
    *,
    'rank must be a whole number from 1 to {{ search_metrics.largest_rank() }} and not null' as rule_violated
from {{ model }}
where {{ column_name }} is null
    or {{ search_metrics.is_nan(column_name) }}
    or {{ column_name }} < 1
    or {{ column_name }} > {{ search_metrics.largest_rank() }}
    or {{ column_name }} <> floor({{ column_name }})
{% endtest %}
