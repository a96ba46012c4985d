{#-
  Rule (warning): a timestamp of an input row is not after the build's current time plus var
  search_metrics_future_tolerance_seconds (future_limit). Returns the rows dated in the future: no model reads
  them (search_input_quality counts them as excluded), and this test makes them visible in the output of
  `dbt build` (docs/clicks.md).
-#}
{% test search_metrics_not_in_the_future(model, column_name) %}
select
    future_rows.*,
    'the timestamp should not be after the build time + search_metrics_future_tolerance_seconds (the row is excluded and counted in search_input_quality)' as rule_violated
from {{ model }} as future_rows
where future_rows.{{ column_name }} > {{ search_metrics.future_limit() }}
{% endtest %}
