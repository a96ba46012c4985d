{#-
  The searches input (var search_metrics_searches) with the contract's columns; the input data tests run here.
  With var search_metrics_query_id_column set, its column is read as query_id (a column it does not name is a
  compile error, input_columns).
-#}
{{ config(enabled=search_metrics.family_enabled('clicks')) }}
{%- set query_column = search_metrics.get_query_id_column() -%}
{%- if query_column -%}
    {%- do search_metrics.input_columns('search_metrics_searches', required=['search_id', 'session_id', 'searched_at',
        'search_type', 'n_results', query_column | lower]) -%}
{%- endif %}
select
    search_id,
    session_id,
    cast(searched_at as {{ dbt.type_timestamp() }}) as searched_at,
    search_type,
    n_results
    {%- if query_column %},
    {{ query_column }} as query_id
    {%- endif %}
from {{ search_metrics.input_relation('search_metrics_searches') }}
