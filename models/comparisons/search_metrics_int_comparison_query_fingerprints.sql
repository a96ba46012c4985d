{#-
  Each query of each compared pair of runs (search_metrics_int_comparison_fingerprints) that either run returned,
  with what its deltas are computed from: the two runs' fingerprints of the query
  (search_metrics_int_pair_fingerprints: its results and its judgments), '<baseline's>|<candidate's>', '-' for a
  run that did not return it. search_query_deltas, incremental by (pair, query), recomputes a pair's query whose
  fingerprint is not the one its rows carry and deletes the rows of a query or pair no longer there: a regraded
  query moves the deltas of that query only, where a pair's fingerprint (its runs' whole results and judgments)
  moves for the pair.
-#}
{%- set model_enabled = search_metrics.family_enabled('comparisons') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}

with compared_pairs as (
    select
        baseline,
        candidate
    from {{ ref('search_metrics_int_comparison_fingerprints') }}
),

compared_runs as (
    {{ search_metrics.runs_of_pairs('compared_pairs') | indent(4) }}
),

query_fingerprints as (
    select
        pair_fingerprints.run_id,
        pair_fingerprints.query_id,
        pair_fingerprints.input_fingerprint
    from {{ ref('search_metrics_int_pair_fingerprints') }} as pair_fingerprints
    inner join compared_runs on compared_runs.run_id = pair_fingerprints.run_id
),

baseline_queries as (
    select
        compared_pairs.baseline,
        compared_pairs.candidate,
        query_fingerprints.query_id,
        query_fingerprints.input_fingerprint
    from compared_pairs
    inner join query_fingerprints on query_fingerprints.run_id = compared_pairs.baseline
),

candidate_queries as (
    select
        compared_pairs.baseline,
        compared_pairs.candidate,
        query_fingerprints.query_id,
        query_fingerprints.input_fingerprint
    from compared_pairs
    inner join query_fingerprints on query_fingerprints.run_id = compared_pairs.candidate
)

select
    coalesce(baseline_queries.baseline, candidate_queries.baseline) as baseline,
    coalesce(baseline_queries.candidate, candidate_queries.candidate) as candidate,
    coalesce(baseline_queries.query_id, candidate_queries.query_id) as query_id,
    {{ dbt.concat(["coalesce(baseline_queries.input_fingerprint, '-')", "'|'",
                   "coalesce(candidate_queries.input_fingerprint, '-')"]) }} as delta_fingerprint
from baseline_queries
full outer join candidate_queries
    on candidate_queries.baseline = baseline_queries.baseline
    and candidate_queries.candidate = baseline_queries.candidate
    and candidate_queries.query_id = baseline_queries.query_id
{%- endif %}
