{#-
  One row per (run_id, query_id, metric, k): every configured metric at every cutoff, long format. The metrics on
  the shared pass (metric_plan) are computed together in one pass over the labeled results (metric_queries); the
  others (auc, the diversity types, ...) each by their own query.
-#}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics')) }}
{%- set metrics = search_metrics.get_metrics() -%}
{%- set cutoffs = search_metrics.get_cutoffs() -%}
{%- set results = ref('search_metrics_int_labeled_results') -%}
{%- set pool = ref('search_metrics_int_pool') -%}
{%- set spine = ref('search_metrics_int_query_spine') -%}
{#- the diversity metrics read the subtopic judgments (the diversity family) -#}
{%- set subtopics = {'results': ref('search_metrics_int_subtopic_results'), 'pool': ref('search_metrics_int_subtopic_pool')}
    if search_metrics.family_enabled('diversity') else none -%}


{{ search_metrics.metric_queries(metrics, results, pool, spine, cutoffs, subtopics) }}
