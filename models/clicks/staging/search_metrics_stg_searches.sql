{#-
  The searches input (var search_metrics_searches) with the contract's columns; the input data tests run here.
  Ids are read as text. With var search_metrics_query_id_column set, its column is read as query_id; with the
  interleaving family on, var search_metrics_experiment_column's column as experiment (text). A missing column, or
  one a var names, is a compile error (input_columns).
-#}
{{ config(enabled=search_metrics.family_enabled('clicks')) }}
{%- set query_column = search_metrics.get_query_id_column() -%}
{%- set experiment_column = search_metrics.get_input_column('search_metrics_experiment_column', 'the searches input')
        if search_metrics.family_enabled('interleaving') else none -%}
{%- set named_columns = [query_column, experiment_column] | select | map('lower') | list -%}
{%- do search_metrics.input_columns('search_metrics_searches', required=['search_id', 'session_id', 'searched_at',
    'search_type', 'n_results'] + named_columns) %}
select
    {{ search_metrics.as_text('search_id') }} as search_id,
    {{ search_metrics.as_text('session_id') }} as session_id,
    cast(searched_at as {{ dbt.type_timestamp() }}) as searched_at,
    search_type,
    n_results
    {%- if query_column %},
    {{ search_metrics.as_text(query_column) }} as query_id
    {%- endif %}
    {%- if experiment_column %},
    {{ search_metrics.as_text(experiment_column) }} as experiment
    {%- endif %}
from {{ search_metrics.input_relation('search_metrics_searches') }}
