{#-
  True when a resolved metric entry (get_metrics) has a value per cutoff k; false for the types the registry marks
  `cutoff: false` (metric_types: auc, r_precision, bpref, rbp, rbp_residual, count, average_precision_11pt, infap,
  the set measures, utility, r_precision_multiple, ndcg_rel, rndcg, g, bin_g, nrbp, nnrbp, map_ia) and whole_list
  entries, whose rows carry k null.
-#}
{% macro has_cutoff(metric) %}
    {{- return(not (search_metrics.metric_types()[metric.type].get('cutoff', true) == false
        or metric.get('whole_list'))) -}}
{% endmacro %}
