{#-
  Rule `rule` of an input (the data test's own name, search_metrics_<input>__<rule>): returns the rows of `model`,
  the input's rule-violations table (search_metrics_stg_<input>_rule_violations), that break it, with their
  rule_violated message. The table is computed once for every rule of the input; this test only reads it.
-#}
{% test search_metrics_rule_holds(model, rule) %}
select *
from {{ model }}
where rule = '{{ rule }}'
{% endtest %}
