{#-
  The position-based model fitted by EM (docs/click_models.md): one row per (query_id, doc_id, position) with
  shown results, its counts, and the fitted attractiveness alpha of the pair and examination gamma of the position
  after var search_metrics_click_models.pbm_iterations iterations, over every shown result (also the pairs below
  min_impressions: they inform gamma). The fit is macro pbm_fit: a chain of CTEs, one per iteration, whose updates
  are whole-partition window sums over the pair and over the position (they read no row order). A group whose every
  shown result was clicked has no no-click term (its gamma x alpha may be 1); a group with a no-click never has
  gamma x alpha = 1 (see the docs), so the division is safe. A table: search_click_relevance and
  search_click_position_bias both read the fit.
-#}
{%- set model_enabled = search_metrics.family_enabled('click_models')
                        and 'pbm' in search_metrics.get_click_model_settings().models -%}
{{ config(enabled=model_enabled,
          materialized='table') }}
{%- if model_enabled %}

{{ search_metrics.pbm_fit(ref('search_metrics_int_shown_results'), search_metrics.get_click_model_settings().pbm_iterations) }}
{%- endif %}
