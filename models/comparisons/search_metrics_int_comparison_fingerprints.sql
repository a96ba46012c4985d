{#-
  Each compared pair of runs (var search_metrics_comparisons, default every run against the first run in binary
  order) whose two runs have results, with what its comparison is computed from: the two runs' fingerprints
  (search_metrics_int_run_fingerprints: their results and the judgments of their queries),
  '<baseline>/<candidate>'. The comparison tables (incremental by pair) rebuild a pair whose fingerprint is not the
  one its rows carry, and delete the rows of a pair no longer compared.
-#}
{%- set model_enabled = search_metrics.family_enabled('comparisons') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set pairs = search_metrics.get_comparison_pairs('search_metrics_comparisons') -%}

with run_fingerprints as (
    select
        run_id,
        run_fingerprint
    from {{ ref('search_metrics_int_run_fingerprints') }}
),

configured_pairs as (
    {{ search_metrics.comparison_pairs_relation(pairs, '(select run_id as value from run_fingerprints) as run_values') | indent(4) }}
)

select
    cast(configured_pairs.baseline as {{ dbt.type_string() }}) as baseline,
    cast(configured_pairs.candidate as {{ dbt.type_string() }}) as candidate,
    {{ dbt.concat(['baseline_runs.run_fingerprint', "'/'", 'candidate_runs.run_fingerprint']) }} as comparison_fingerprint
from configured_pairs
inner join run_fingerprints as baseline_runs on baseline_runs.run_id = configured_pairs.baseline
inner join run_fingerprints as candidate_runs on candidate_runs.run_id = configured_pairs.candidate
{%- endif %}
