{#-
  Rule: k is null exactly on the rows of the metrics without a cutoff (has_cutoff: the types the metric-type
  registry marks cutoff: false, such as auc, r_precision, bpref, rbp, nrbp, map_ia, and whole_list entries; one
  value per query), and not null on every other metric's rows. Returns the offending rows.
-#}
{% test search_metrics_k_null_only_for_auc(model, column_name, metric_column='metric') %}
{%- set metrics_without_cutoff = [] -%}
{%- for metric in search_metrics.get_metrics() if not search_metrics.has_cutoff(metric) -%}
    {%- do metrics_without_cutoff.append(metric.name) -%}
{%- endfor -%}
select
    *,
    'k must be null for the metrics without a cutoff (auc, bpref, ...) and a cutoff for every other metric' as rule_violated
from {{ search_metrics.rows_to_test(model) }}
where
    {%- if metrics_without_cutoff %}
    ({{ column_name }} is null and {{ metric_column }} not in ('{{ metrics_without_cutoff | join("', '") }}'))
    or ({{ column_name }} is not null and {{ metric_column }} in ('{{ metrics_without_cutoff | join("', '") }}'))
    {%- else %}
    {{ column_name }} is null
    {%- endif %}
{% endtest %}
