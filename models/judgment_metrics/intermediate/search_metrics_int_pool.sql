{#-
  The pool: one row per judged (query_id, doc_id) of a query some run returned, its human raters' grades
  (search_metrics_int_human_judgments: the automated judges' rows are not read) aggregated on each scale
  (judgments of other queries are counted in search_input_quality).
  "Returned" is read from the spine (one row per run and query) rather than from every result row.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set judgments_of_returned_queries -%}
(
    select query_id, doc_id, rater_id, grade, scale
    from {{ ref('search_metrics_int_human_judgments') }}
    where query_id in (select query_id from {{ ref('search_metrics_int_query_spine') }})
)
{%- endset -%}

select * from (
    {{ search_metrics.aggregate_judgments(judgments_of_returned_queries) }}
) as judgment_labels
{%- endif %}
