{#-
  The click models' estimates in the judgments contract (query_id, doc_id, rater_id, grade, scale), so that var
  search_metrics_judgments can point at this model and every judged metric is computed from clicks: rater_id = the
  model, scale = graded, grade = the number of var search_metrics_click_models.grade_thresholds that are <= the
  relevance (0..search_metrics_max_grade), both compared at 12 decimals (relevance_key), so that the last bits of
  a floating-point sum, which differ between engines, never change a grade. A pair without a relevance (COEC with
  no expected clicks) has no row.
-#}
{%- set model_enabled = search_metrics.family_enabled('click_models') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set thresholds = search_metrics.get_click_model_settings().grade_thresholds -%}

select
    query_id,
    doc_id,
    model as rater_id,
    cast(
        {%- for threshold in thresholds %}
        case when {{ search_metrics.relevance_key('relevance') }} >= {{ search_metrics.relevance_threshold_key(threshold) }} then 1 else 0 end{{ ' +' if not loop.last }}
        {%- endfor %}
        as {{ dbt.type_int() }}
    ) as grade,
    cast('graded' as {{ dbt.type_string() }}) as scale,
    relevance
from {{ ref('search_click_relevance') }}
where relevance is not null
{%- endif %}
