{#-
  What each run's rows of search_judge_run_metrics are computed from, as one fingerprint: set_fingerprint of the
  run's judge keys of search_metrics_int_source_spine (source, query_id, the key's input_fingerprint: the pair's
  results and the judge's rows of the query) with their pairs' input_fingerprint (search_metrics_int_pair_fingerprints:
  the human values the judge is held to read the query's human pool too). One row per run with a judge key; a run no
  automated judge graded a query of has none (and no rows in search_judge_run_metrics). search_judge_run_metrics
  rebuilds a run whose fingerprint is not the one its rows carry.
-#}
{%- set model_enabled = search_metrics.family_enabled('judge_validation') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
select
    judge_keys.run_id,
    {{ search_metrics.set_fingerprint(['judge_keys.source', 'judge_keys.query_id', 'judge_keys.input_fingerprint',
                                       'pair_fingerprints.input_fingerprint']) }} as run_fingerprint
from {{ ref('search_metrics_int_source_spine') }} as judge_keys
inner join {{ ref('search_metrics_int_pair_fingerprints') }} as pair_fingerprints
    on pair_fingerprints.run_id = judge_keys.run_id
    and pair_fingerprints.query_id = judge_keys.query_id
where judge_keys.source_kind = 'judge'
group by judge_keys.run_id
{%- endif %}
