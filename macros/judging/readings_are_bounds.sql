{#-
  Whether the pessimistic and optimistic readings of a resolved metric entry (get_metrics) are bounds: true when
  the metric cannot fall as an unjudged result's grade rises, nor as a result is graded at the lowest grade
  rather than left unjudged, so that every way of judging the unjudged results lands between the two readings.
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
