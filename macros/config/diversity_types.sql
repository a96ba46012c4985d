{#-
  The metric types that read the subtopic judgments (the diversity family: ndeval's measures), read from the
  metric-type registry (metric_types: reads 'subtopics'). Their macros take the subtopic-labeled results and the
  subtopic pool in place of the judged results and pool (metric_query's `subtopics` argument); the models that
  recompute the judged metrics over other judgments (the judgment_coverage family's sources) leave them out. Returns a list of
  type names, in the registry's order.
-#}
{% macro diversity_types() %}
    {%- set names = [] -%}
    {%- for name, spec in search_metrics.metric_types().items() if spec.get('reads') == 'subtopics' -%}
        {%- do names.append(name) -%}
    {%- endfor -%}
    {{- return(names) -}}
{% endmacro %}
