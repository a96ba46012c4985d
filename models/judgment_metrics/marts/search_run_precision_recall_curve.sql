{#-
  The mean interpolated precision-recall curve per run: per (run_id, recall_level), the mean over the run's queries
  with a non-null precision (a BI tool plots it as it is). Built with search_precision_recall_curve.
-#}
{%- set curve_metrics = search_metrics.get_metrics() | selectattr('type', 'equalto', 'average_precision_11pt') | list -%}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics') and (curve_metrics | length) > 0) }}
select
    run_id,
    recall_level,
    avg(precision) as precision,
    count(precision) as n_queries,
    count(*) as n_queries_total
from {{ ref('search_precision_recall_curve') }}
group by run_id, recall_level
