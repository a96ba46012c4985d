{#-
  What each (run_id, query_id) of the spine is evaluated from, as one fingerprint: its result rows' (the spine's
  results_fingerprint) and its query's pool rows' (set_fingerprint of every pool column: the human judgments
  aggregated on each scale, so an automated judge's rows do not move it), '<results>/<judgments>'. The judged
  incremental models (judged_incremental_config) rebuild a pair whose fingerprint is not the one its rows carry.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}

with query_judgments as (
    select
        query_id,
        {{ search_metrics.set_fingerprint(search_metrics.pool_row_columns()) }} as judgments_fingerprint
    from {{ ref('search_metrics_int_pool') }}
    group by query_id
)

select
    spine.run_id,
    spine.query_id,
    {{ dbt.concat(['spine.results_fingerprint', "'/'", "coalesce(query_judgments.judgments_fingerprint, '0:0')"]) }} as input_fingerprint
from {{ ref('search_metrics_int_query_spine') }} as spine
left join query_judgments on query_judgments.query_id = spine.query_id
{%- endif %}
