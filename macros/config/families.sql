{#-
  The model families: the inputs each one needs and the family it builds on (see family_enabled).
-#}
{% macro families() %}
    {{- return({
        'judged': {'inputs': ['search_metrics_results', 'search_metrics_judgments'], 'needs': none},
        'clicks': {'inputs': ['search_metrics_searches', 'search_metrics_clicks'], 'needs': none},
        'click_auc': {'inputs': ['search_metrics_impressions'], 'needs': 'clicks'},
        'comparisons': {'inputs': [], 'needs': 'judged'},
        'bucket_comparisons': {'inputs': ['search_metrics_bucket_column'], 'needs': 'clicks'}
    }) -}}
{% endmacro %}
