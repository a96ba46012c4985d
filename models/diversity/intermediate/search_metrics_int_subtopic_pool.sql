{#-
  The subtopic pool: the subtopic judgments (search_metrics_stg_subtopic_judgments) of the queries some run
  returned, one row per (query_id, subtopic_id, doc_id) with its grade. The diversity metrics read their ideal
  ranking and each query's number of subtopics from it. The judgments of other queries are counted in
  search_input_quality.
-#}
{%- set model_enabled = search_metrics.family_enabled('diversity') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
select
    judgments.query_id,
    judgments.subtopic_id,
    judgments.doc_id,
    judgments.grade
from {{ ref('search_metrics_stg_subtopic_judgments') }} as judgments
where judgments.query_id in (select query_id from {{ ref('search_metrics_int_query_spine') }})
{%- endif %}
