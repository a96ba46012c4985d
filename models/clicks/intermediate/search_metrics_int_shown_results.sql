{#-
  The click models' data: one row per shown result, i.e. per impression of a known search whose query_id is not
  null (impressions of unknown searches or of searches without a query_id are counted in search_input_quality),
  with clicked = 1 when its (search_id, position) was clicked (repeated clicks count once; a click on a position
  with no impression is read by no click model) and the search's last clicked position: the deepest clicked
  position among its shown results, null when none was clicked (SDBN, docs/click_models.md).
  A table: SDBN, COEC, PBM's fit, the position table and the input quality all read it.
-#}
{%- set model_enabled = search_metrics.family_enabled('click_models') -%}
{{ config(enabled=model_enabled, materialized='table') }}
{%- if model_enabled %}

with shown_results as (
    select
        search_id,
        query_id,
        doc_id,
        position,
        label as clicked
    from {{ ref('search_metrics_int_labeled_impressions') }}
    where query_id is not null
),

last_clicks as (
    select
        search_id,
        max(case when clicked = 1 then position end) as last_click_position
    from shown_results
    group by search_id
)

select
    shown_results.search_id,
    shown_results.query_id,
    shown_results.doc_id,
    shown_results.position,
    shown_results.clicked,
    last_clicks.last_click_position
from shown_results
inner join last_clicks on last_clicks.search_id = shown_results.search_id
{%- endif %}
