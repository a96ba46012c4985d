{#-
  Each run of the results input with the fingerprint of its rows: set_fingerprint of each row's query_id, doc_id,
  rank and score (read by staged_results as the rule table reads them), so it moves when any row of the run moves,
  or a query is added or removed. The one scan of the whole input a build makes, grouped by run only (a few groups:
  cheaper than by run and query); the per-pair fingerprints (search_metrics_stg_results_pair_fingerprints) are
  computed again only for the runs whose fingerprint moved, and the rule table checks again only those runs
  (unchanged_checked_runs). A null run_id is a row of its own. run_results_fingerprint is the same value under the
  name the per-pair table's rows carry it (its incremental state: judged_incremental_config).
  In the same pass, the run's rows by where their rank puts them (n_rank_null, n_within_cutoff: rank <= the largest
  cutoff, n_beyond_cutoff), which search_input_quality sums instead of reading the input again.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{{ config(materialized='table', enabled=model_enabled) }}
{%- if model_enabled %}
{%- set max_cutoff = search_metrics.get_cutoffs() | max %}
select
    run_id,
    results_fingerprint,
    results_fingerprint as run_results_fingerprint,
    n_rank_null,
    n_within_cutoff,
    n_beyond_cutoff
from (
    select
        run_id,
        {{ search_metrics.set_fingerprint(['query_id', 'doc_id', 'rank', 'score']) }} as results_fingerprint,
        cast(sum(case when rank is null then 1 else 0 end) as {{ dbt.type_bigint() }}) as n_rank_null,
        cast(sum(case when rank <= {{ max_cutoff }} then 1 else 0 end) as {{ dbt.type_bigint() }}) as n_within_cutoff,
        cast(sum(case when rank > {{ max_cutoff }} then 1 else 0 end) as {{ dbt.type_bigint() }}) as n_beyond_cutoff
    from (
        {{ search_metrics.staged_results() | indent(8) }}
    ) as staged_results
    group by run_id
) as runs
{%- endif %}
