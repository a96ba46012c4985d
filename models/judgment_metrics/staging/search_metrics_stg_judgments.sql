{#-
  The judgments input (var search_metrics_judgments) with the contract's columns (ids as text; macro
  staged_judgments: the grade read by input_number, unread_grade the input's grade where no number was read, a
  rater_id the input lacks read as null).
  The input's rules are checked on search_metrics_stg_judgments_rule_violations, which reads the input with the
  same SQL; this view depends on it, so in `dbt build` a failing rule skips this view and every model downstream.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') or search_metrics.family_enabled('click_agreement') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
-- depends_on: {{ ref('search_metrics_stg_judgments_rule_violations') }}
{{ search_metrics.staged_judgments() }}
{%- endif %}
