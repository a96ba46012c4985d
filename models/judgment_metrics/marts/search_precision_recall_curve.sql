{#-
  The interpolated precision-recall curve per (run_id, query_id): one row per standard recall level 0.0, 0.1, ..,
  1.0 (trec_eval iprec_at_recall_*), from the interpolated_precision macro with the scale and threshold of the
  first configured metric of type average_precision_11pt (built only when one is configured; the built-in
  average_precision_11pt is in the default set). Null precision when the query's pool has no relevant doc.
-#}
{%- set curve_metrics = search_metrics.get_metrics() | selectattr('type', 'equalto', 'average_precision_11pt') | list -%}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics') and (curve_metrics | length) > 0) }}
{%- set metric = curve_metrics[0] if curve_metrics else {'scale': 'binary', 'threshold': 1} -%}
select
    run_id,
    query_id,
    recall_level,
    precision
from (
    {{ search_metrics.interpolated_precision(ref('search_metrics_int_labeled_results'), ref('search_metrics_int_pool'),
        ref('search_metrics_int_query_spine'), metric.scale, metric.threshold) | indent(4) }}
) as curve
