{#-
  What each run is evaluated from, as one fingerprint: set_fingerprint of its pairs' (query_id, input_fingerprint)
  (search_metrics_int_pair_fingerprints), so it moves when any of its queries' results or judgments move, or a
  query is added or removed. search_run_metrics rebuilds a run whose fingerprint is not the one its rows carry.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
select
    run_id,
    {{ search_metrics.set_fingerprint(['query_id', 'input_fingerprint']) }} as run_fingerprint
from {{ ref('search_metrics_int_pair_fingerprints') }}
group by run_id
{%- endif %}
