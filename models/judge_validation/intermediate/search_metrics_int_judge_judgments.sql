{#-
  The automated judges' judgment rows: the judgments input's rows whose rater is automated (var
  search_metrics_automated_raters, is_automated_rater) and, when the click_models family is on, the click models'
  estimates (search_click_judgments: rater_id = the model) of every model whose rater_id has no row in the
  judgments input (a judgments input that already holds them, e.g. a union with search_click_judgments, is not
  read twice). Columns: query_id, doc_id, rater_id, grade, scale.
-#}
{%- set model_enabled = search_metrics.family_enabled('judge_validation') -%}
{{ config(materialized='view', enabled=model_enabled) }}
{%- if model_enabled %}
select query_id, doc_id, rater_id, grade, scale
from {{ ref('search_metrics_stg_judgments') }}
where {{ search_metrics.is_automated_rater('rater_id') }}
{%- if search_metrics.family_enabled('click_models') %}
union all
select
    {{ search_metrics.as_text('click_judgments.query_id') }} as query_id,
    {{ search_metrics.as_text('click_judgments.doc_id') }} as doc_id,
    click_judgments.rater_id,
    click_judgments.grade,
    click_judgments.scale
from {{ ref('search_click_judgments') }} as click_judgments
where click_judgments.rater_id not in (
    select rater_id from {{ ref('search_metrics_stg_judgments') }} where rater_id is not null
)
{%- endif %}
{%- endif %}
