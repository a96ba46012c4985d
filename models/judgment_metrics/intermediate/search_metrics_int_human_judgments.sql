{#-
  The human judgments: the judgment rows whose rater is not an automated judge (var search_metrics_automated_raters,
  is_automated_rater; a null rater_id is human). The judged metrics (search_metrics_int_pool), the judging queue and
  the judges' human consensus read these rows; the automated raters' rows are read by the judge_validation family only.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') or search_metrics.family_enabled('click_agreement') -%}
{{ config(materialized='view',
          enabled=model_enabled) }}
{%- if model_enabled %}
select query_id, doc_id, rater_id, grade, scale
from {{ ref('search_metrics_stg_judgments') }}
where not {{ search_metrics.is_automated_rater('rater_id') }}
{%- endif %}
