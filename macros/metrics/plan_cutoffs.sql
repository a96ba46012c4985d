{#-
  The cutoffs a metric entry's plan reduces at (metric_plan): the entry's own `cutoffs` when it carries them (the
  trec_eval table gives each measure its own), else `cutoffs`, for a metric with a value per cutoff; [none] for one
  without (has_cutoff: a type without a cutoff, or a whole_list entry; its row's k is null).
-#}
{% macro plan_cutoffs(metric, cutoffs) %}
    {{- return((metric.get('cutoffs') or cutoffs) if search_metrics.has_cutoff(metric) else [none]) -}}
{% endmacro %}
