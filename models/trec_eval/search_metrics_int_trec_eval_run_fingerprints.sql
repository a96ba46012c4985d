{#-
  What each run's summary lines of the trec_eval table are formed from, as one fingerprint
  (search_metrics_int_trec_eval_summaries forms again a run whose fingerprint is not the one its rows carry;
  docs/trec.md, "Incremental builds"):
    the run's fingerprint of search_metrics_int_run_fingerprints (every (run, query)'s result rows and its query's
    pool rows: the trec_eval results are the run's rows of the qrels' queries, the trec_eval pool a copy of that
    pool);
    with complete (trec_eval -c), '/' and the fingerprint of the whole trec_eval pool: every run is then evaluated
    on every qrels query, also those it did not return, so any query's judgments move every run;
    with zscores (trec_eval -Z), '/' and the fingerprint of the z-score relation's rows: every value reads them.
  One row per run of the results.
-#}
{%- set model_enabled = search_metrics.family_enabled('trec_eval') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_trec_eval_settings() -%}
{%- set zscores = search_metrics.trec_eval_zscores() -%}
{%- set parts = ['runs.run_fingerprint'] -%}

with runs as (
    select run_id, run_fingerprint
    from {{ ref('search_metrics_int_run_fingerprints') }}
)
{%- if settings.complete %},

qrels as (
    select
        {{ search_metrics.set_fingerprint(['query_id'] + search_metrics.pool_row_columns()) }} as qrels_fingerprint
    from {{ ref('search_metrics_int_trec_eval_pool') }}
)
{%- do parts.extend(["'/'", 'qrels.qrels_fingerprint']) -%}
{%- endif %}
{%- if zscores %},

standard as (
    select
        {{ search_metrics.set_fingerprint(['query_id', 'measure', 'mean', 'stddev']) }} as zscores_fingerprint
    from (
        {{ search_metrics.trec_eval_zscore_rows(zscores) | indent(8) }}
    ) as zscores_rows
)
{%- do parts.extend(["'/'", 'standard.zscores_fingerprint']) -%}
{%- endif %}

select
    runs.run_id,
    {{ dbt.concat(parts) if parts | length > 1 else parts[0] }} as run_fingerprint
from runs
{%- if settings.complete %}
cross join qrels
{%- endif %}
{%- if zscores %}
cross join standard
{%- endif %}
{%- endif %}
