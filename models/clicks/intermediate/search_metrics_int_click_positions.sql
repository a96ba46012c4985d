{#-
  One row per distinct clicked (search_id, position) of the clicks input: a repeated click on the same position
  counts once (n_clicks keeps how many click rows there were). Clicks of unknown searches are not filtered here:
  every model that reads it joins it with the searches, which drops them (they are counted in
  search_input_quality), so a filter would only cost one more pass over the searches.
  A table, not a view: a click build reads it five times or more (directly or through the views over it, in its
  models and data tests), and a view would group the clicks again for each (bench/README.md, "Goal 4 again").
-#}
{{ config(enabled=search_metrics.family_enabled('clicks'), materialized='table') }}
select
    clicks.search_id,
    clicks.position,
    count(*) as n_clicks,
    min(clicks.clicked_at) as first_clicked_at
from {{ ref('search_metrics_stg_clicks') }} as clicks
group by clicks.search_id, clicks.position
