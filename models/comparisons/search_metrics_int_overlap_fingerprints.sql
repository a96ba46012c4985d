{#-
  Each compared pair of runs (var search_metrics_comparisons, default every run against the first run in binary
  order) whose baseline or candidate has results, with what its overlap is computed from: the two runs' results
  fingerprints (search_metrics_stg_results_run_fingerprints: every result row's query_id, doc_id, rank and score,
  one row per run, the fused runs' the same over their pairs in search_metrics_int_query_spine; '0:0', the fingerprint of no rows, for a run without
  results), '<baseline>/<candidate>'. Not
  the judgments, which the overlap does not read: a regrade keeps every pair's overlap. The overlap tables
  (incremental by pair) rebuild a pair whose fingerprint is not the one its rows carry, and delete the rows of a
  pair no longer compared or whose two runs have no results.
-#}
{%- set model_enabled = search_metrics.family_enabled('comparisons') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set pairs = search_metrics.get_comparison_pairs('search_metrics_comparisons') -%}

with run_fingerprints as (
    select
        run_id,
        results_fingerprint
    from {{ ref('search_metrics_stg_results_run_fingerprints') }}
    {%- if search_metrics.get_fusions() | length > 0 %}
    union all
    select
        run_id,
        {{ search_metrics.set_fingerprint(['query_id', 'results_fingerprint']) }} as results_fingerprint
    from {{ ref('search_metrics_int_query_spine') }}
    where run_id in (
        {%- for fusion in search_metrics.get_fusions() %}{% set outer = loop %}
        {%- for configuration in fusion.configurations %}{{ search_metrics.string_literal(configuration.run_id) }}{{ ', ' if not (loop.last and outer.last) }}{% endfor %}
        {%- endfor -%}
    )
    group by run_id
    {%- endif %}
),

configured_pairs as (
    {{ search_metrics.comparison_pairs_relation(pairs, '(select run_id as value from run_fingerprints) as run_values') | indent(4) }}
)

select
    cast(configured_pairs.baseline as {{ dbt.type_string() }}) as baseline,
    cast(configured_pairs.candidate as {{ dbt.type_string() }}) as candidate,
    {{ dbt.concat(["coalesce(baseline_runs.results_fingerprint, '0:0')", "'/'",
                   "coalesce(candidate_runs.results_fingerprint, '0:0')"]) }} as overlap_fingerprint
from configured_pairs
left join run_fingerprints as baseline_runs on baseline_runs.run_id = configured_pairs.baseline
left join run_fingerprints as candidate_runs on candidate_runs.run_id = configured_pairs.candidate
where baseline_runs.run_id is not null
    or candidate_runs.run_id is not null
{%- endif %}
