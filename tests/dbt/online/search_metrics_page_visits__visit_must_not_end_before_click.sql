{#-
  Rule: a page visit ends at or after the first click on its (search_id, position): a visit that ends before the
  click would give a negative dwell. Returns the offending visits.
-#}
{{ config(enabled=search_metrics.family_enabled('sessions') and search_metrics.inputs_configured(['search_metrics_page_visits'])) }}
select
    visits.search_id,
    visits.position,
    visits.visit_end_at,
    clicked_positions.first_clicked_at,
    'a page visit must not end before the first click on its search and position' as rule_violated
from {{ ref('search_metrics_stg_page_visits') }} as visits
inner join {{ ref('search_metrics_int_click_positions') }} as clicked_positions
    on clicked_positions.search_id = visits.search_id
    and clicked_positions.position = visits.position
where visits.visit_end_at < clicked_positions.first_clicked_at
