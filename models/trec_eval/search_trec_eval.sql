{#-
  The trec_eval-shaped table: one row per (run_id, measure, query_id), as `trec_eval -q -m all_trec` prints its
  lines (measure names as trec_eval prints them; query_id 'all' for the summary), over the queries trec_eval
  evaluates (search_metrics_int_trec_eval_spine). A view over two incremental tables:
    per query: search_metrics_int_trec_eval_query_values (every measure but the geometric ones, gm_map and gm_bpref,
      whose per-query line trec_eval does not print: te_print_single_meas_empty); n_zscores_missing 1 when the
      value's z-score is null;
    'all': search_metrics_int_trec_eval_summaries (the mean, sum or geometric mean over the run's evaluated
      queries, and num_q).
  Incremental builds (docs/trec.md): the per-query values are built by (run_id, query_id), the summaries by run; the
  view is what a reader queries, and stays as it is.
-#}
{%- set model_enabled = search_metrics.family_enabled('trec_eval') -%}
{{ config(enabled=model_enabled, materialized='view') }}
{%- if model_enabled %}
{%- set text = dbt.type_string() -%}

select
    query_values.run_id,
    query_values.measure,
    query_values.query_id,
    query_values.value,
    query_values.raw_value,
    query_values.printed_as,
    cast(case when query_values.value is null then 1 else 0 end as {{ dbt.type_int() }}) as n_zscores_missing,
    query_values.build_settings,
    query_values.built_at
from {{ ref('search_metrics_int_trec_eval_query_values') }} as query_values
where query_values.summary_rule <> 'geometric'

union all

select
    summaries.run_id,
    summaries.measure,
    cast('all' as {{ text }}) as query_id,
    summaries.value,
    summaries.raw_value,
    summaries.printed_as,
    summaries.n_zscores_missing,
    summaries.build_settings,
    summaries.built_at
from {{ ref('search_metrics_int_trec_eval_summaries') }} as summaries
{%- endif %}
