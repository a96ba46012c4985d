{#-
  True when one of the metrics (resolved entries, get_metrics) reads the results whose doc has no judgment row:
  coverage (its denominator is every row of top k) and unjudged (its numerator counts them).
  search_metrics_int_labeled_results and search_metrics_int_source_results then keep them up to the largest cutoff.
-#}
{% macro reads_unjudged_results(metrics) %}
    {{- return((metrics | map(attribute='type') | select('in', ['coverage', 'unjudged']) | list | length) > 0) -}}
{% endmacro %}
