{#-
  The select of the searches input (var search_metrics_searches) with the contract's columns: the SQL of the view
  search_metrics_stg_searches, and what search_metrics_stg_click_search_rule_violations joins the clicks to (it reads
  the inputs itself, so that it is no model downstream of the staging views and their rules' failures).
  Ids are read as text. With var search_metrics_query_id_column set, its column is read as query_id. With the
  experiments family on: var search_metrics_bucket_column's column as bucket, var search_metrics_unit_column's (or
  session_id, when unset) as unit_id, and the experiment (below), all text; the experiments' settings are checked
  here too (get_experiment_settings), so a bad one fails every parse. experiment: with the interleaving or the
  experiments family on, var search_metrics_experiment_column's column (null = not interleaved, and in no A/B
  experiment); with only the experiments family on and that var unset, the text '(all)' (one experiment over the
  whole input). A missing column, or one a var names, is a compile error (input_columns).
-#}
{% macro staged_searches() %}
    {{- return(adapter.dispatch('staged_searches', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__staged_searches() -%}
{%- set experiments_on = search_metrics.family_enabled('experiments') -%}
{%- set query_column = search_metrics.get_query_id_column() -%}
{%- set experiment_column = search_metrics.get_input_column('search_metrics_experiment_column', 'the searches input')
        if experiments_on or search_metrics.family_enabled('interleaving') else none -%}
{%- set bucket_column = search_metrics.get_bucket_column() if experiments_on else none -%}
{%- set unit_column = search_metrics.get_unit_column() if experiments_on else none -%}
{%- if experiments_on -%}
    {%- do search_metrics.get_experiment_settings() -%}
{%- endif -%}
{%- set named_columns = [query_column, experiment_column, bucket_column, unit_column] | select | map('lower')
        | unique | list -%}
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
    {%- elif experiments_on %},
    {{ search_metrics.as_text(search_metrics.string_literal('(all)')) }} as experiment
    {%- endif %}
    {%- if experiments_on %},
    {{ search_metrics.as_text(bucket_column) }} as bucket,
    {{ search_metrics.as_text(unit_column or 'session_id') }} as unit_id
    {%- endif %}
from {{ search_metrics.input_relation('search_metrics_searches') }}
{%- endmacro %}
