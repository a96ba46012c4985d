{#-
  The model families: the inputs each one needs, the family it builds on (see family_enabled), and its main
  output model (the run-start notice reads from dbt's graph whether that model was built). off_by_default: the
  family is built only when its switch is true (trec_eval alone; see family_enabled).
-#}
{% macro families() %}
    {{- return({
        'judgment_metrics': {'inputs': ['search_metrics_results', 'search_metrics_judgments'], 'needs': none,
                   'output': 'search_query_metrics'},
        'clicks': {'inputs': ['search_metrics_searches', 'search_metrics_clicks'], 'needs': none,
                   'output': 'search_paulscore_daily'},
        'click_auc': {'inputs': ['search_metrics_impressions'], 'needs': 'clicks',
                      'output': 'search_auc_daily'},
        'judgment_coverage': {'inputs': [], 'needs': 'judgment_metrics',
                    'output': 'search_judgment_queue'},
        'llm_judge': {'inputs': ['search_metrics_queries', 'search_metrics_documents'], 'needs': 'judgment_coverage',
                          'output': 'search_llm_judgments'},
        'judge_validation': {'inputs': [], 'needs': 'judgment_metrics',
                   'output': 'search_judge_run_agreement'},
        'comparisons': {'inputs': [], 'needs': 'judgment_metrics',
                        'output': 'search_run_comparison'},
        'experiments': {'inputs': ['search_metrics_bucket_column'], 'needs': 'clicks',
                        'output': 'search_experiment_results'},
        'click_models': {'inputs': ['search_metrics_impressions', 'search_metrics_query_id_column'], 'needs': 'clicks',
                         'output': 'search_click_relevance'},
        'click_agreement': {'inputs': ['search_metrics_judgments'], 'needs': 'click_models',
                            'output': 'search_click_judgment_agreement'},
        'interleaving': {'inputs': ['search_metrics_impressions', 'search_metrics_team_column',
                                    'search_metrics_experiment_column'], 'needs': 'clicks',
                         'output': 'search_interleaving_daily'},
        'sessions': {'inputs': [], 'needs': 'clicks',
                     'output': 'search_session_metrics_daily'},
        'trec_eval': {'inputs': [], 'needs': 'judgment_metrics',
                      'output': 'search_trec_eval', 'off_by_default': true},
        'diversity': {'inputs': ['search_metrics_subtopic_judgments'], 'needs': 'judgment_metrics',
                      'output': 'search_metrics_int_subtopic_results'},
        'counterfactual': {'inputs': ['search_metrics_results', 'search_metrics_counterfactual_candidates'],
                           'needs': 'click_models', 'output': 'search_counterfactual_estimates'}
    }) -}}
{% endmacro %}
