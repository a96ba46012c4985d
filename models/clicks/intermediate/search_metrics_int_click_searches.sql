{#-
  One row per search with its day, type, session and click summary (over distinct clicked positions).
  A view: the incremental daily models filter it by search_date, and the filter reaches the searches input.
  The searches and clicks are those every model reads (search_metrics_int_searches, search_metrics_int_click_positions).
  With the experiments family on, also each search's experiment, bucket and unit (search_metrics_stg_searches).
-#}
{%- set model_enabled = search_metrics.family_enabled('clicks') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set has_experiments = search_metrics.family_enabled('experiments') %}
with click_summaries as (
    select
        search_id,
        sum(n_clicks) as n_clicks,
        count(*) as n_clicked_positions,
        min(position) as first_click_position,
        min(first_clicked_at) as first_clicked_at
    from {{ ref('search_metrics_int_click_positions') }}
    group by search_id
)

select
    searches.search_id,
    searches.session_id,
    cast(searches.searched_at as date) as search_date,
    searches.search_type,
    cast(searches.n_results as {{ dbt.type_int() }}) as n_results,
    cast(coalesce(click_summaries.n_clicks, 0) as {{ dbt.type_bigint() }}) as n_clicks,
    coalesce(click_summaries.n_clicked_positions, 0) as n_clicked_positions,
    click_summaries.first_click_position,
    searches.searched_at,
    click_summaries.first_clicked_at
    {%- if has_experiments %},
    searches.experiment,
    searches.bucket,
    searches.unit_id
    {%- endif %}
from {{ ref('search_metrics_int_searches') }} as searches
left join click_summaries on click_summaries.search_id = searches.search_id
{%- endif %}
