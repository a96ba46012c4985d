{#-
  Every configured metric at every cutoff under every judgment source of search_metrics_int_source_spine, one row per
  (source_kind, source, run_id, query_id, metric, k): the metrics of search_query_metrics (metric_queries: the shared
  pass for the types on it, one query each for the others), run once over search_metrics_int_source_results /
  _source_pool / _source_spine, whose query_id column holds the source's query_key, then read back to the query by
  that key. No metric is written a second time. No row (and no
  metric query) when every configured metric is a diversity metric.
-#}
{{ config(enabled=search_metrics.family_enabled('judgment_coverage') or search_metrics.family_enabled('judge_validation')) }}
{#- the diversity metrics read the subtopic judgments, not the judgment sources: left out here -#}
{%- set metrics = search_metrics.get_metrics() | rejectattr('type', 'in', search_metrics.diversity_types()) | list -%}
{%- set cutoffs = search_metrics.get_cutoffs() -%}
{%- set results = ref('search_metrics_int_source_results') -%}
{%- set pool = ref('search_metrics_int_source_pool') -%}
{#- the metric macros read the spine's query_id: the key stands in for it -#}
{%- set spine = '(select run_id, query_key as query_id, n_results from ' ~ ref('search_metrics_int_source_spine') ~ ') as keyed_spine' -%}

{%- if metrics | length == 0 %}
{#- every configured metric is a diversity metric: no row, with the columns and types of the table -#}
select
    source_kind,
    source,
    run_id,
    query_id,
    cast(null as {{ dbt.type_string() }}) as metric,
    cast(null as {{ dbt.type_int() }}) as k,
    {{ search_metrics.as_double('null') }} as value
from {{ ref('search_metrics_int_source_spine') }}
where 1 = 0
{%- else %}
{{ search_metrics.metric_queries(metrics, results, pool, spine, cutoffs,
    read_back={'relation': ref('search_metrics_int_source_spine'), 'key': 'query_key',
               'columns': ['source_kind', 'source', 'run_id', 'query_id']}) }}
{%- endif %}
