{#-
  What a human has graded: one row per (query_id, doc_id) with a non-null grade, after var
  search_metrics_negative_grades (transformed_votes: a negative grade read as unjudged is no grade), from a rater
  that is not automated (search_metrics_int_human_judgments). The judging queue lists the results not here, and the
  coverage counts the results here as judged.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_coverage') -%}
{{ config(materialized='view', enabled=model_enabled) }}
{%- if model_enabled %}
{%- set human_judgments -%}
(select query_id, doc_id, grade, scale from {{ ref('search_metrics_int_human_judgments') }})
{%- endset -%}

with human_votes as (
    {{ search_metrics.transformed_votes(human_judgments) | indent(4) }}
)

select distinct query_id, doc_id
from human_votes
where is_graded = 1
{%- endif %}
