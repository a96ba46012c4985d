{#-
  Whether the pessimistic and optimistic readings of a resolved metric entry (get_metrics) are bounds: true when,
  once every unjudged result within the pool depth has a grade, the metric cannot fall as one of those grades
  rises, so that every way of judging them lands between the two readings (all at the lowest grade, all at the
  top).
  True for precision (either denominator), reciprocal_rank, success, cg, dcg, err, rbp and count; false for the
  metrics with a normalizer that grows with the judgments (recall, average precision, ndcg, r_precision, bpref,
  auc, 11-point AP, infap and any other type): their two readings are values, not bounds (docs/judgments.md).
-#}
{% macro readings_are_bounds(metric) %}
    {{- return(adapter.dispatch('readings_are_bounds', 'search_metrics')(metric)) -}}
{% endmacro %}

{% macro default__readings_are_bounds(metric) %}
    {{- return(metric.type in ['precision', 'reciprocal_rank', 'success', 'cg', 'dcg', 'err', 'rbp', 'count']
               and not metric.get('condensed')) -}}
{% endmacro %}
