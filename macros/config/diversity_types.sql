{#-
  The metric types that read the subtopic judgments (the diversity family: ndeval's measures). Their macros take
  the subtopic-labeled results and the subtopic pool in place of the judged results and pool (metric_query's
  `subtopics` argument); the models that recompute the judged metrics over other judgments (the judging family's
  sources) leave them out. Returns a list of type names.
-#}
{% macro diversity_types() %}
    {{- return(['alpha_ndcg', 'err_ia', 'nrbp', 'precision_ia', 'subtopic_recall']) -}}
{% endmacro %}
