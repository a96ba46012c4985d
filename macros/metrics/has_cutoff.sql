{#-
  True when a resolved metric entry (get_metrics) has a value per cutoff k; false for the types without a cutoff
  (auc, r_precision, bpref, rbp, rbp_residual, count, average_precision_11pt, infap, the set measures, utility,
  r_precision_multiple, ndcg_rel, rndcg, g, bin_g, nrbp) and whole_list entries, whose rows carry k null.
-#}
{% macro has_cutoff(metric) %}
    {{- return(not (metric.type in ('auc', 'r_precision', 'bpref', 'rbp', 'rbp_residual', 'count',
                                    'average_precision_11pt', 'infap', 'set_precision', 'set_recall', 'set_f',
                                    'set_average_precision', 'set_relative_precision', 'r_precision_multiple',
                                    'utility', 'ndcg_rel', 'rndcg', 'g', 'bin_g', 'nrbp')
        or metric.get('whole_list'))) -}}
{% endmacro %}
