{#-
  Rule: every non-null value of `column_name` is a value of `field` in `to` (dbt's `relationships`, on distinct
  values). Returns each value that is not there, once. Both sides are reduced to their distinct values before
  the anti-join: an output holds a run id on millions of rows, and a left join of every row (Spark does not turn
  `left join ... where parent is null` into an anti-join) multiplies rows by the parent's rows of the same id.
  Where the parent's latest build wrote only some of its rows (rows_to_test(to): an incremental parent with a build
  record), the values are looked up in two steps: first among those rows, then only the values not found there
  among every row of `to`. When the new rows hold every value (a regrade writes rows of every run it moved), the
  second step's join has nothing to look up and the engine need not read the parent's other rows.
-#}
{% test search_metrics_value_exists_in(model, column_name, to, field, rule) %}
{%- set recent_parent_rows = search_metrics.rows_to_test(to) -%}
{%- set two_steps = recent_parent_rows | string != to | string %}
with child_values as (
    select distinct {{ column_name }} as value
    from {{ search_metrics.rows_to_test(model) }}
    where {{ column_name }} is not null
),
{%- if two_steps %}

recent_parent_values as (
    select distinct {{ field }} as value
    from {{ recent_parent_rows }}
    where {{ field }} is not null
),

values_to_find as (
    select child_values.value
    from child_values
    where not exists (
        select 1
        from recent_parent_values
        where recent_parent_values.value = child_values.value
    )
),

parent_values as (
    select distinct {{ field }} as value
    from {{ to }}
    where {{ field }} in (select value from values_to_find)
)
{%- else %}

values_to_find as (
    select value from child_values
),

parent_values as (
    select distinct {{ field }} as value
    from {{ to }}
    where {{ field }} is not null
)
{%- endif %}

select
    values_to_find.value as {{ column_name }},
    '{{ rule }}' as rule_violated
from values_to_find
where not exists (
    select 1
    from parent_values
    where parent_values.value = values_to_find.value
)
{% endtest %}
