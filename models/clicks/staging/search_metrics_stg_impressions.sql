{#-
  The impressions input (var search_metrics_impressions) with the contract's columns; the input data tests run here.
  Ids are read as text. With the interleaving family on, var search_metrics_team_column's column is read as team
  (text); a column the input lacks is a compile error (input_columns).
-#}
{%- set model_enabled = search_metrics.family_enabled('click_auc') or search_metrics.family_enabled('click_models')
                        or search_metrics.family_enabled('interleaving') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set team_column = search_metrics.get_input_column('search_metrics_team_column', 'the impressions input')
        if search_metrics.family_enabled('interleaving') else none -%}
{%- do search_metrics.input_columns('search_metrics_impressions', required=['search_id', 'position', 'doc_id',
    'score'] + ([team_column | lower] if team_column else [])) %}
select
    {{ search_metrics.as_text('search_id') }} as search_id,
    position,
    {{ search_metrics.as_text('doc_id') }} as doc_id,
    {{ search_metrics.as_double('score') }} as score
    {%- if team_column %},
    {{ search_metrics.as_text(team_column) }} as team
    {%- endif %}
from {{ search_metrics.input_relation('search_metrics_impressions') }}
{%- endif %}
