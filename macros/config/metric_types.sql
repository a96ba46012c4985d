{#-
  Every metric type with its parameters: for each parameter the allowed values (a list) or 'number', and its
  default (none = required / derived). get_metrics validates a metric entry against this.
  Types without a cutoff (their k is null, computed over the whole list): auc, r_precision, bpref, rbp,
  rbp_residual, count, average_precision_11pt, infap, nrbp, the set measures (set_precision, set_recall, set_f,
  set_average_precision, set_relative_precision, utility), r_precision_multiple, ndcg_rel, rndcg, g, bin_g, and
  average_precision / ndcg with whole_list true.
  The diversity types (diversity_types: alpha_ndcg, err_ia, nrbp, precision_ia, subtopic_recall) read the subtopic
  judgments: alpha and beta in [0, 1], depth a whole number from 1 to 100 (get_metrics checks the ranges).
-#}
{% macro metric_types() %}
    {%- set scales = ['binary', 'graded', 'detail'] -%}
    {%- set flag = [[true, false], false] -%}
    {%- set relevance_params = {'scale': [scales, 'binary'], 'threshold': ['number', none]} -%}
    {%- set gain_params = {'scale': [scales, 'graded'], 'gain': [['linear', 'exponential'], 'linear']} -%}
    {{- return({
        'precision': dict(relevance_params, denominator=[['graded', 'k'], 'graded']),
        'recall': relevance_params,
        'average_precision': dict(relevance_params, denominator=[['retrieved', 'pool'], 'retrieved'],
                                  condensed=flag, whole_list=flag),
        'reciprocal_rank': relevance_params,
        'cg': gain_params,
        'dcg': gain_params,
        'ndcg': dict(gain_params, ideal=[['local', 'pool'], 'local'], condensed=flag, whole_list=flag),
        'err': {'scale': [scales, 'graded'], 'g_max': ['number', none]},
        'coverage': {'scale': [scales, 'graded']},
        'binary_ties': {},
        'auc': {'scale': [['binary'], 'binary'], 'threshold': ['number', none]},
        'success': relevance_params,
        'r_precision': relevance_params,
        'bpref': relevance_params,
        'rbp': {'scale': [scales, 'graded'], 'persistence': ['number', none]},
        'rbp_residual': {'scale': [scales, 'graded'], 'persistence': ['number', none]},
        'count': dict(relevance_params, count=[['relevant', 'retrieved', 'relevant_retrieved', 'nonrelevant_retrieved'], none]),
        'average_precision_11pt': relevance_params,
        'infap': relevance_params,
        'set_precision': relevance_params,
        'set_recall': relevance_params,
        'set_f': dict(relevance_params, beta=['number', 1]),
        'set_average_precision': relevance_params,
        'set_relative_precision': relevance_params,
        'relative_precision': relevance_params,
        'r_precision_multiple': dict(relevance_params, multiple=['number', none]),
        'utility': dict(relevance_params, a=['number', 1], b=['number', -1], c=['number', 0], d=['number', 0],
                        collection_size=['number', none]),
        'ndcg_rel': gain_params,
        'rndcg': gain_params,
        'g': gain_params,
        'bin_g': relevance_params,
        'unjudged': {'scale': [scales, 'graded']},
        'alpha_ndcg': {'alpha': ['number', 0.5], 'threshold': ['number', 1], 'depth': ['number', 20]},
        'err_ia': {'alpha': ['number', 0.5], 'threshold': ['number', 1], 'depth': ['number', 20]},
        'nrbp': {'alpha': ['number', 0.5], 'beta': ['number', 0.5], 'threshold': ['number', 1]},
        'precision_ia': {'threshold': ['number', 1]},
        'subtopic_recall': {'threshold': ['number', 1]}
    }) -}}
{% endmacro %}
