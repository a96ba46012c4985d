{#-
  Rule (warning): an event of a search (a click, or the end of a page visit) is at most var
  search_metrics_max_event_delay_seconds after the search's searched_at. Returns the later events of known searches
  with the search's searched_at: no model reads them (search_input_quality counts them as excluded), and this test
  makes them visible in the output of `dbt build` (docs/clicks.md). Events before their search are another rule's.
-#}
{% test search_metrics_within_max_event_delay(model, column_name, searches, search_key='search_id', searched_at='searched_at') %}
select
    events.*,
    searches.{{ searched_at }} as search_searched_at,
    'the event should be at most search_metrics_max_event_delay_seconds after the searched_at of its search (the row is excluded and counted in search_input_quality)' as rule_violated
from {{ model }} as events
inner join {{ searches }} as searches
    on searches.{{ search_key }} = events.{{ search_key }}
where {{ search_metrics.max_event_delay_exceeded(search_metrics.epoch_microseconds('events.' ~ column_name),
    search_metrics.epoch_microseconds('searches.' ~ searched_at)) }}
{% endtest %}
