{#-
  Rule: every value of `column_name` is the name of a configured metric (get_metrics: var search_metrics_metrics,
  or every built-in, with the diversity family's when it is on). Returns each other value, once.
  The list is made here, in the test's body, rather than in a YAML argument: dbt renders a test's arguments before
  it records the refs they call, so an input var that is a ref() (read when get_metrics asks whether the diversity
  family is on) would be an undeclared dependency at run time; the body's refs are recorded when it is parsed.
-#}
{% test search_metrics_metric_is_configured(model, column_name, rule) %}
{%- set names = search_metrics.get_metrics() | map(attribute='name') | list -%}
select distinct
    {{ column_name }},
    '{{ rule }}' as rule_violated
from {{ search_metrics.rows_to_test(model) }}
where {{ column_name }} not in (
    {%- for name in names %}
    {{ search_metrics.string_literal(name) }}{{ ',' if not loop.last }}
    {%- endfor %}
)
{% endtest %}
