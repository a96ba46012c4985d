{#-
  Rule (warning): a page visit belongs to a click of a known search; one that does not is not used (it is counted in
  search_input_quality). Returns the unused visits.
-#}
{{ config(enabled=search_metrics.family_enabled('sessions') and search_metrics.inputs_configured(['search_metrics_page_visits']),
          severity='warn') }}
select
    visits.search_id,
    visits.position,
    visits.visit_end_at,
    'a page visit should belong to a click of a known search; this one is not used' as rule_violated
from {{ ref('search_metrics_stg_page_visits') }} as visits
left join {{ ref('search_metrics_int_click_dwells') }} as click_dwells
    on click_dwells.search_id = visits.search_id
    and click_dwells.position = visits.position
where click_dwells.search_id is null
