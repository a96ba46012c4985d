{#-
  The pool the trec_eval table reads, in the shape of search_metrics_int_pool: a copy of that pool unless var
  search_metrics_trec_eval's complete is true (trec_eval -c); then the human judgments of every query of the
  qrels (search_metrics_int_human_judgments) aggregated as search_metrics_int_pool aggregates them, including the
  queries no run returned. A table either way (the metric macros read it many times). The queries of this pool are the qrels' queries trec_eval evaluates.
-#}
{%- set complete = search_metrics.get_trec_eval_settings().complete -%}
{%- set model_enabled = search_metrics.family_enabled('trec_eval') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- if complete %}
select * from (
    {{ search_metrics.aggregate_judgments('(select query_id, doc_id, rater_id, grade, scale from ' ~ ref('search_metrics_int_human_judgments') ~ ')') }}
) as judgment_labels
{%- else %}
select query_id, doc_id, n_rater_rows, n_graded_rows, binary_value, graded_value, detail_value, binary_tie
from {{ ref('search_metrics_int_pool') }}
{%- endif %}
{%- endif %}
