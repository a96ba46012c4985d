{#-
  One row per distinct clicked (search_id, position) of a known search: a repeated click on the same position
  counts once (n_clicks keeps how many click rows there were). Clicks on unknown searches are left out here and
  counted in search_metrics_input_quality.
-#}
{{ config(
    enabled=search_metrics.inputs_configured(['search_metrics_searches', 'search_metrics_clicks']),
    materialized='view'
) }}
select
    clicks.search_id,
    clicks.position,
    count(*) as n_clicks,
    min(clicks.clicked_at) as first_clicked_at
from {{ ref('search_metrics_stg_clicks') }} as clicks
where clicks.search_id in (select search_id from {{ ref('search_metrics_stg_searches') }})
group by clicks.search_id, clicks.position
