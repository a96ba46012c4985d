{#-
  Rule: every non-null value of `column_name` is a value of `field` in `to` (dbt's `relationships`, on distinct
  values). Returns each value that is not there, once. Both sides are reduced to their distinct values before
  the anti-join: an output holds a run id on millions of rows, and a left join of every row (Spark does not turn
  `left join ... where parent is null` into an anti-join) multiplies rows by the parent's rows of the same id.
-#}
{% test search_metrics_value_exists_in(model, column_name, to, field, rule) %}
with child_values as (
    select distinct {{ column_name }} as value
    from {{ search_metrics.rows_to_test(model) }}
    where {{ column_name }} is not null
),

parent_values as (
    select distinct {{ field }} as value
    from {{ to }}
    where {{ field }} is not null
)

select
    child_values.value as {{ column_name }},
    '{{ rule }}' as rule_violated
from child_values
where not exists (
    select 1
    from parent_values
    where parent_values.value = child_values.value
)
{% endtest %}
