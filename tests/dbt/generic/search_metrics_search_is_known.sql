{#-
  Rule (warning): a click or an impression belongs to a search of the searches input. Returns the rows whose
  search_id is not there. They are not an error: the click models ignore them, and search_input_quality
  counts them (status 'ignored'); this test makes them visible in the output of `dbt build`.
  The rows with a null search_id (another rule's errors) are left out in a CTE before the `not exists`: written
  as one `where ... is not null and not exists (...)`, DuckDB 2.0 plans a delim join that materializes every
  input row and groups its search ids (bench/README.md, "The click build and the uniqueness rules"); after the CTE
  it plans one anti-join.
-#}
{% test search_metrics_search_is_known(model, column_name, searches, search_key='search_id') %}
with rows_with_a_search_id as (
    select *
    from {{ model }}
    where {{ column_name }} is not null
)

select
    rows_of_unknown_searches.*,
    'a click or impression should belong to a known search_id (it is ignored and counted in search_input_quality)' as rule_violated
from rows_with_a_search_id as rows_of_unknown_searches
where not exists (
    select 1
    from {{ searches }} as searches
    where searches.{{ search_key }} = rows_of_unknown_searches.{{ column_name }}
)
{% endtest %}
