{#-
  One row per distinct clicked (search_id, position) of the clicks input that every model reads: a repeated click
  on the same position counts once (n_clicks keeps how many click rows there were). Only the clicks of known,
  not excluded searches (search_metrics_int_searches), not dated in the future (future_limit) and at most var
  search_metrics_max_event_delay_seconds after their search; the others are counted in search_input_quality
  (docs/clicks.md). A click before its search is kept (a data test warns).
  A table, not a view: a click build reads it five times or more (directly or through the views over it, in its
  models and data tests), and a view would join and group the clicks again for each (bench/README.md, "The click
  build and the uniqueness rules").
-#}
{%- set model_enabled = search_metrics.family_enabled('clicks') -%}
{{ config(enabled=model_enabled, materialized='table') }}
{%- if model_enabled %}
select
    clicks.search_id,
    clicks.position,
    count(*) as n_clicks,
    min(clicks.clicked_at) as first_clicked_at
from {{ ref('search_metrics_stg_clicks') }} as clicks
inner join {{ ref('search_metrics_int_searches') }} as searches
    on searches.search_id = clicks.search_id
where clicks.clicked_at <= {{ search_metrics.future_limit() }}
    and not ({{ search_metrics.max_event_delay_exceeded(search_metrics.epoch_microseconds('clicks.clicked_at'),
        search_metrics.epoch_microseconds('searches.searched_at')) }})
group by clicks.search_id, clicks.position
{%- endif %}
