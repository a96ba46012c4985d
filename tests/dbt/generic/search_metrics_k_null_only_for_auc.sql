{#-
  Rule: k is null exactly on the rows of metrics of type auc (one value per query, no cutoff), and not null on
  every other metric's rows. Returns the offending rows.
-#}
{% test search_metrics_k_null_only_for_auc(model, column_name, metric_column='metric') %}
{%- set auc_metrics = search_metrics.get_metrics() | selectattr('type', 'equalto', 'auc') | map(attribute='name') | list -%}
select
    *,
    'k must be null for metrics of type auc and a cutoff for every other metric' as rule_violated
from {{ model }}
where
    {%- if auc_metrics %}
    ({{ column_name }} is null and {{ metric_column }} not in ('{{ auc_metrics | join("', '") }}'))
    or ({{ column_name }} is not null and {{ metric_column }} in ('{{ auc_metrics | join("', '") }}'))
    {%- else %}
    {{ column_name }} is null
    {%- endif %}
{% endtest %}
