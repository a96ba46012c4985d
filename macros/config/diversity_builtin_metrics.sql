{#-
  The built-in diversity metrics (ndeval's measures with its defaults: alpha 0.5, beta 0.5, relevant = grade >= 1,
  depth 20): part of the default metric set (builtin_metrics) when the diversity family is on. Returns a list of
  metric entries.
-#}
{% macro diversity_builtin_metrics() %}
    {{- return([
        {'name': 'alpha_ndcg', 'type': 'alpha_ndcg', 'alpha': 0.5},
        {'name': 'err_ia', 'type': 'err_ia', 'alpha': 0.5},
        {'name': 'nrbp', 'type': 'nrbp', 'alpha': 0.5, 'beta': 0.5},
        {'name': 'precision_ia', 'type': 'precision_ia'},
        {'name': 'subtopic_recall', 'type': 'subtopic_recall'}
    ]) -}}
{% endmacro %}
