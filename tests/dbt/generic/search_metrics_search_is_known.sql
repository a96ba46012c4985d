{#-
  Rule (warning): a click or an impression belongs to a search of the searches input. Returns the rows whose
  search_id is not there. They are not an error: the click models ignore them, and search_input_quality
  counts them (status 'ignored'); this test makes them visible in the output of `dbt build`.
-#}
{% test search_metrics_search_is_known(model, column_name, searches, search_key='search_id') %}
select
    rows_of_unknown_searches.*,
    'a click or impression should belong to a known search_id (it is ignored and counted in search_input_quality)' as rule_violated
from {{ model }} as rows_of_unknown_searches
where rows_of_unknown_searches.{{ column_name }} is not null
  and not exists (
    select 1
    from {{ searches }} as searches
    where searches.{{ search_key }} = rows_of_unknown_searches.{{ column_name }}
  )
{% endtest %}
