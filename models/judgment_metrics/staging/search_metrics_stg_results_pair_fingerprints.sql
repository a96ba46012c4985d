{#-
  Each (run_id, query_id) of the results input with its number of rows and the fingerprint of its rows
  (set_fingerprint of doc_id, rank, score, read by staged_results as the rule table and the view
  search_metrics_stg_results read them); the spine (search_metrics_int_query_spine, after the rules) is read from
  it. The rows with no run_id have no pair here: they fail the rule search_metrics_results__run_id_must_not_be_null,
  which stops the build before the spine. A null query_id is a key of its own.
  Incremental by run (judged_incremental_config; docs/metrics.md, "Incremental builds"): each row carries its run's
  fingerprint (run_results_fingerprint, search_metrics_stg_results_run_fingerprints: one grouped scan of the whole
  input by run); an incremental build computes the pairs only of the runs that are new or whose fingerprint moved,
  reading only their rows, and deletes the pairs of the runs that moved or are gone.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_stg_results_run_fingerprints', ['run_id'],
                                               'run_results_fingerprint', [])
) }}
{%- if model_enabled %}
with runs_to_build as (
    select
        runs.run_id,
        runs.run_results_fingerprint
    from (
        {{ search_metrics.judged_keys_to_build(ref('search_metrics_stg_results_run_fingerprints'), ['run_id']) | indent(8) }}
    ) as runs
    where runs.run_id is not null
)

select
    staged_results.run_id,
    staged_results.query_id,
    count(*) as n_results,
    {{ search_metrics.set_fingerprint(['staged_results.doc_id', 'staged_results.rank', 'staged_results.score']) }}
        as results_fingerprint,
    runs_to_build.run_results_fingerprint,
    {{ search_metrics.build_settings_column([]) }},
    {{ search_metrics.built_at_column() }}
from (
    {{ search_metrics.staged_results() | indent(4) }}
) as staged_results
inner join runs_to_build
    on runs_to_build.run_id = staged_results.run_id
group by staged_results.run_id, staged_results.query_id, runs_to_build.run_results_fingerprint
{%- endif %}
