{#-
  Rule: a click is not earlier than its search (clicked_at >= searched_at). Returns the offending clicks of
  known searches with the search's searched_at. Clicks on unknown searches are not checked here (they are
  counted and ignored in search_input_quality).
-#}
{% test search_metrics_clicked_after_search(model, column_name, searches, search_key='search_id', searched_at='searched_at') %}
select
    clicks.*,
    searches.{{ searched_at }} as search_searched_at,
    'clicked_at must not be before the searched_at of its search' as rule_violated
from {{ model }} as clicks
inner join {{ searches }} as searches
    on searches.{{ search_key }} = clicks.{{ search_key }}
where clicks.{{ column_name }} < searches.{{ searched_at }}
{% endtest %}
