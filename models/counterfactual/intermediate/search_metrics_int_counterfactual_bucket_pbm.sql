{#-
  The position-based model fitted on each A/B bucket's own logs (macro pbm_fit with the scope (experiment, bucket),
  over search_metrics_int_counterfactual_bucket_shown): one row per (experiment, bucket, query_id, doc_id, position)
  with n_shown, n_clicked, alpha and gamma, as search_metrics_int_pbm_parameters has them over the whole log. The
  check of the experiments estimates one bucket's metrics with the other bucket's fit, so that no click of the
  bucket it estimates enters its estimate. A table.
-#}
{%- set model_enabled = search_metrics.family_enabled('counterfactual') and search_metrics.family_enabled('experiments') -%}
{{ config(materialized='table',
          enabled=model_enabled) }}
{%- if model_enabled %}

{{ search_metrics.pbm_fit(ref('search_metrics_int_counterfactual_bucket_shown'),
                          search_metrics.get_click_model_settings().pbm_iterations,
                          ['experiment', 'bucket']) }}
{%- endif %}
