{#-
  True when a resolved metric entry (get_metrics) has a value per cutoff k; false for the types without a cutoff
  (auc, r_precision, bpref, rbp, rbp_residual, count, average_precision_11pt, infap, nrbp) and whole_list entries, whose
  rows carry k null.
-#}
{% macro has_cutoff(metric) %}
    {{- return(not (metric.type in ('auc', 'r_precision', 'bpref', 'rbp', 'rbp_residual', 'count',
                                    'average_precision_11pt', 'infap', 'nrbp')
        or metric.get('whole_list'))) -}}
{% endmacro %}
