{#-
  The impressions of known searches, each labelled 1 when its (search_id, position) was clicked, else 0, with
  the search's day, type and session (and its query_id when var search_metrics_query_id_column is set). Impressions of
  unknown searches are counted in search_input_quality. Read by the AUC and the click models.
-#}
{%- set model_enabled = search_metrics.family_enabled('click_auc') or search_metrics.family_enabled('click_models') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
select
    impressions.search_id,
    searches.session_id,
    cast(searches.searched_at as date) as search_date,
    searches.search_type,
    {%- if search_metrics.get_query_id_column() %}
    searches.query_id,
    {%- endif %}
    impressions.position,
    impressions.doc_id,
    impressions.score,
    case when clicked_positions.search_id is null then 0 else 1 end as label
from {{ ref('search_metrics_stg_impressions') }} as impressions
inner join {{ ref('search_metrics_int_searches') }} as searches
    on searches.search_id = impressions.search_id
left join {{ ref('search_metrics_int_click_positions') }} as clicked_positions
    on clicked_positions.search_id = impressions.search_id
    and clicked_positions.position = impressions.position
{%- endif %}
