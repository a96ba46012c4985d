{#-
  Every metric type with its parameters: for each parameter the allowed values (a list) or 'number',
  and its default (none = required / derived). get_metrics validates a metric entry against this.
-#}
{% macro metric_types() %}
    {%- set scales = ['binary', 'graded', 'detail'] -%}
    {%- set relevance_params = {'scale': [scales, 'binary'], 'threshold': ['number', none]} -%}
    {%- set gain_params = {'scale': [scales, 'graded'], 'gain': [['linear', 'exponential'], 'linear']} -%}
    {{- return({
        'precision': dict(relevance_params, denominator=[['graded', 'k'], 'graded']),
        'recall': relevance_params,
        'average_precision': dict(relevance_params, denominator=[['retrieved', 'pool'], 'retrieved']),
        'reciprocal_rank': relevance_params,
        'cg': gain_params,
        'dcg': gain_params,
        'ndcg': dict(gain_params, ideal=[['local', 'pool'], 'local']),
        'err': {'scale': [scales, 'graded'], 'g_max': ['number', none]},
        'coverage': {'scale': [scales, 'graded']},
        'binary_ties': {},
        'auc': {'scale': [['binary'], 'binary'], 'threshold': ['number', none]}
    }) -}}
{% endmacro %}
