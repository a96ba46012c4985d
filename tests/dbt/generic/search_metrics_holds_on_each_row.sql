{#-
  Rule `rule` of an output table: `condition` (a SQL boolean over the table's columns, true on a good row) holds
  on every row this package's data tests read (rows_to_test: on a judged incremental table, the rows its latest
  build wrote; elsewhere every row). Returns each row where it does not hold (false or null), with its
  rule_violated message. `column_name`, given to a test listed under a column, is not read. Stands for dbt's
  accepted_values and for not_null with a `where` on the judged incremental tables, which read every row of the
  table on every build.
-#}
{% test search_metrics_holds_on_each_row(model, condition, rule, column_name=none) %}
select
    *,
    '{{ rule }}' as rule_violated
from {{ search_metrics.rows_to_test(model) }}
where not coalesce({{ condition }}, false)
{% endtest %}
