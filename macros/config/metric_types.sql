{#-
  The metric-type registry: every metric type, each named once with
    macro:  the name of the metric macro that computes it (search_metrics.<macro>, called by metric_query with the
            entry's parameters as keyword arguments);
    params: its parameters, for each the allowed values (a list) or 'number', and its default (none = required /
            derived). get_metrics validates a metric entry against them. `condensed` and `whole_list` are
            metric_query's own (it rewrites the results or the cutoffs); every other parameter is passed to the
            macro under its name;
    cutoff: false for the types without a cutoff (their k is null, computed over the whole list; has_cutoff);
            absent = a value per cutoff;
    plan:   true for the types on the shared pass (metric_plan): the type's file has <type>_plan(metric, cutoffs),
            and metric_query / metric_queries compute every such entry in one metric_plan_query; absent = the type's
            macro writes its own query;
    reads:  'subtopics' for the diversity types (ndeval's measures: diversity_types), which read the subtopic
            judgments in place of the judged results and pool; absent = the judged results and pool.
  Returns a dict type name -> {macro, params[, cutoff][, reads]}.
  The diversity types: alpha and beta in [0, 1], depth a whole number from 1 to 100, max_rank none or a whole
  number >= 1 (get_metrics checks the ranges).
-#}
{% macro metric_types() %}
    {%- set scales = ['binary', 'graded', 'detail'] -%}
    {%- set flag = [[true, false], false] -%}
    {%- set relevance_params = {'scale': [scales, 'binary'], 'threshold': ['number', none]} -%}
    {%- set gain_params = {'scale': [scales, 'graded'], 'gain': [['linear', 'exponential'], 'linear']} -%}
    {#- every diversity type: ndeval's -M (max_rank: the run's ranks read, none = all) and what a query whose
        subtopic judgments have no relevant doc gets (no_subtopic: null, or ndeval's 0) -#}
    {%- set subtopic_params = {'threshold': ['number', 1], 'max_rank': ['number', none],
                               'no_subtopic': [['null', 'zero'], 'null']} -%}
    {%- set cascade_params = dict(subtopic_params, alpha=['number', 0.5], depth=['number', 20]) -%}
    {%- set rbp_params = dict(subtopic_params, alpha=['number', 0.5], beta=['number', 0.5]) -%}
    {{- return({
        'precision': {'macro': 'precision', 'plan': true, 'params': dict(relevance_params, denominator=[['graded', 'k'], 'graded'])},
        'recall': {'macro': 'recall', 'plan': true, 'params': relevance_params},
        'average_precision': {'macro': 'average_precision', 'plan': true, 'params': dict(relevance_params,
                              denominator=[['retrieved', 'pool'], 'retrieved'], condensed=flag, whole_list=flag)},
        'reciprocal_rank': {'macro': 'reciprocal_rank', 'plan': true, 'params': relevance_params},
        'cg': {'macro': 'cg', 'plan': true, 'params': gain_params},
        'dcg': {'macro': 'dcg', 'plan': true, 'params': gain_params},
        'ndcg': {'macro': 'ndcg', 'plan': true, 'params': dict(gain_params, ideal=[['local', 'pool'], 'local'], condensed=flag,
                                                 whole_list=flag)},
        'err': {'macro': 'err', 'plan': true, 'params': {'scale': [scales, 'graded'], 'g_max': ['number', none]}},
        'coverage': {'macro': 'coverage', 'plan': true, 'params': {'scale': [scales, 'graded']}},
        'binary_ties': {'macro': 'binary_ties', 'plan': true, 'params': {}},
        'auc': {'macro': 'auc', 'params': {'scale': [['binary'], 'binary'], 'threshold': ['number', none]},
                'cutoff': false},
        'success': {'macro': 'success', 'plan': true, 'params': relevance_params},
        'r_precision': {'macro': 'r_precision', 'plan': true, 'params': relevance_params, 'cutoff': false},
        'bpref': {'macro': 'bpref', 'plan': true, 'params': relevance_params, 'cutoff': false},
        'rbp': {'macro': 'rbp', 'plan': true, 'params': {'scale': [scales, 'graded'], 'persistence': ['number', none]},
                'cutoff': false},
        'rbp_residual': {'macro': 'rbp_residual', 'plan': true, 'params': {'scale': [scales, 'graded'],
                         'persistence': ['number', none]}, 'cutoff': false},
        'count': {'macro': 'count', 'plan': true, 'params': dict(relevance_params, count=[['relevant', 'retrieved',
                  'relevant_retrieved', 'nonrelevant_retrieved'], none]), 'cutoff': false},
        'average_precision_11pt': {'macro': 'average_precision_11pt', 'plan': true, 'params': relevance_params, 'cutoff': false},
        'infap': {'macro': 'infap', 'params': relevance_params, 'cutoff': false},
        'set_precision': {'macro': 'set_precision', 'plan': true, 'params': relevance_params, 'cutoff': false},
        'set_recall': {'macro': 'set_recall', 'plan': true, 'params': relevance_params, 'cutoff': false},
        'set_f': {'macro': 'set_f', 'plan': true, 'params': dict(relevance_params, beta=['number', 1]), 'cutoff': false},
        'set_average_precision': {'macro': 'set_average_precision', 'plan': true, 'params': relevance_params, 'cutoff': false},
        'set_relative_precision': {'macro': 'set_relative_precision', 'plan': true, 'params': relevance_params, 'cutoff': false},
        'relative_precision': {'macro': 'relative_precision', 'plan': true, 'params': relevance_params},
        'r_precision_multiple': {'macro': 'r_precision_multiple', 'plan': true, 'params': dict(relevance_params,
                                 multiple=['number', none]), 'cutoff': false},
        'utility': {'macro': 'utility', 'plan': true, 'params': dict(relevance_params, a=['number', 1], b=['number', -1],
                    c=['number', 0], d=['number', 0], collection_size=['number', none]), 'cutoff': false},
        'ndcg_rel': {'macro': 'ndcg_rel', 'params': gain_params, 'cutoff': false},
        'rndcg': {'macro': 'rndcg', 'params': gain_params, 'cutoff': false},
        'g': {'macro': 'g', 'params': gain_params, 'cutoff': false},
        'bin_g': {'macro': 'bin_g', 'plan': true, 'params': relevance_params, 'cutoff': false},
        'unjudged': {'macro': 'unjudged', 'plan': true, 'params': {'scale': [scales, 'graded']}},
        'alpha_ndcg': {'macro': 'alpha_ndcg', 'params': cascade_params, 'reads': 'subtopics'},
        'alpha_dcg': {'macro': 'alpha_dcg', 'params': cascade_params, 'reads': 'subtopics'},
        'err_ia': {'macro': 'err_ia', 'params': cascade_params, 'reads': 'subtopics'},
        'nerr_ia': {'macro': 'nerr_ia', 'params': cascade_params, 'reads': 'subtopics'},
        'nrbp': {'macro': 'nrbp', 'params': rbp_params, 'cutoff': false, 'reads': 'subtopics'},
        'nnrbp': {'macro': 'nnrbp', 'params': dict(rbp_params, depth=['number', 20]), 'cutoff': false,
                  'reads': 'subtopics'},
        'map_ia': {'macro': 'map_ia', 'params': subtopic_params, 'cutoff': false, 'reads': 'subtopics'},
        'precision_ia': {'macro': 'precision_ia', 'params': subtopic_params, 'reads': 'subtopics'},
        'subtopic_recall': {'macro': 'subtopic_recall', 'params': subtopic_params, 'reads': 'subtopics'}
    }) -}}
{% endmacro %}
