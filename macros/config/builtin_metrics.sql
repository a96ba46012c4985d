{#-
  The built-in metrics: each a name, a type and its parameters. The default metric set is this list;
  a user's own variant is another entry of the same form (see get_metrics). When the diversity family is on (the
  subtopic judgments are configured), ndeval's measures (diversity_builtin_metrics) follow at the end.
-#}
{% macro builtin_metrics() %}
    {{- return([
        {'name': 'precision', 'type': 'precision', 'scale': 'binary', 'denominator': 'graded'},
        {'name': 'precision_k', 'type': 'precision', 'scale': 'binary', 'denominator': 'k'},
        {'name': 'recall', 'type': 'recall', 'scale': 'binary'},
        {'name': 'average_precision', 'type': 'average_precision', 'scale': 'binary', 'denominator': 'retrieved'},
        {'name': 'average_precision_pool', 'type': 'average_precision', 'scale': 'binary', 'denominator': 'pool'},
        {'name': 'reciprocal_rank', 'type': 'reciprocal_rank', 'scale': 'binary'},
        {'name': 'cg', 'type': 'cg', 'scale': 'graded', 'gain': 'linear'},
        {'name': 'dcg', 'type': 'dcg', 'scale': 'graded', 'gain': 'linear'},
        {'name': 'ndcg', 'type': 'ndcg', 'scale': 'graded', 'gain': 'linear', 'ideal': 'local'},
        {'name': 'cg_detail', 'type': 'cg', 'scale': 'detail', 'gain': 'linear'},
        {'name': 'dcg_detail', 'type': 'dcg', 'scale': 'detail', 'gain': 'linear'},
        {'name': 'ndcg_detail', 'type': 'ndcg', 'scale': 'detail', 'gain': 'linear', 'ideal': 'local'},
        {'name': 'ndcg_pool', 'type': 'ndcg', 'scale': 'graded', 'gain': 'linear', 'ideal': 'pool'},
        {'name': 'ndcg_exp', 'type': 'ndcg', 'scale': 'graded', 'gain': 'exponential', 'ideal': 'pool'},
        {'name': 'err', 'type': 'err', 'scale': 'graded'},
        {'name': 'coverage', 'type': 'coverage', 'scale': 'graded'},
        {'name': 'binary_ties', 'type': 'binary_ties'},
        {'name': 'auc', 'type': 'auc', 'scale': 'binary'},
        {'name': 'success', 'type': 'success', 'scale': 'binary'},
        {'name': 'r_precision', 'type': 'r_precision', 'scale': 'binary'},
        {'name': 'bpref', 'type': 'bpref', 'scale': 'binary'},
        {'name': 'rbp_p80', 'type': 'rbp', 'scale': 'graded', 'persistence': 0.8},
        {'name': 'rbp_residual_p80', 'type': 'rbp_residual', 'scale': 'graded', 'persistence': 0.8},
        {'name': 'n_relevant', 'type': 'count', 'count': 'relevant', 'scale': 'binary'},
        {'name': 'n_retrieved', 'type': 'count', 'count': 'retrieved', 'scale': 'binary'},
        {'name': 'n_relevant_retrieved', 'type': 'count', 'count': 'relevant_retrieved', 'scale': 'binary'},
        {'name': 'average_precision_11pt', 'type': 'average_precision_11pt', 'scale': 'binary'},
        {'name': 'ndcg_pool_condensed', 'type': 'ndcg', 'scale': 'graded', 'gain': 'linear', 'ideal': 'pool', 'condensed': true},
        {'name': 'average_precision_pool_condensed', 'type': 'average_precision', 'scale': 'binary', 'denominator': 'pool', 'condensed': true},
        {'name': 'average_precision_pool_whole_list', 'type': 'average_precision', 'scale': 'binary', 'denominator': 'pool', 'whole_list': true},
        {'name': 'ndcg_pool_whole_list', 'type': 'ndcg', 'scale': 'graded', 'gain': 'linear', 'ideal': 'pool', 'whole_list': true}
    ] + (search_metrics.diversity_builtin_metrics() if search_metrics.family_enabled('diversity') else [])) -}}
{% endmacro %}
