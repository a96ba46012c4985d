{#-
  Every configured metric at every cutoff under every judgment source of search_metrics_int_source_spine, one row per
  (source_kind, source, run_id, query_id, metric, k): the metric macros of search_query_metrics (metric_query), run
  once over search_metrics_int_source_results / _source_pool / _source_spine, whose query_id column holds the
  source's query_key, then read back to the query by that key. No metric is written a second time. No row (and no
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
with
{%- for metric in metrics %}

{{ metric.name }}_values as (
    {{ search_metrics.metric_query(metric, results, pool, spine, cutoffs) }}
){{ ',' if not loop.last }}
{%- endfor %}

{#- one branch per metric, each read back to its query: the statement stays a union, whose nested WITHs no engine
    hoists to the top (Spark's generator would, for a select, and the metric macros' CTE names would collide) #}
{%- for metric in metrics %}
select
    source_spine.source_kind,
    source_spine.source,
    source_spine.run_id,
    source_spine.query_id,
    cast({{ search_metrics.string_literal(metric.name) }} as {{ dbt.type_string() }}) as metric,
    cast(metric_values.k as {{ dbt.type_int() }}) as k,
    {{ search_metrics.as_double('metric_values.value') }} as value
from {{ metric.name }}_values as metric_values
inner join {{ ref('search_metrics_int_source_spine') }} as source_spine
    on source_spine.run_id = metric_values.run_id
    and source_spine.query_key = metric_values.query_id
{% if not loop.last %}union all
{% endif -%}
{%- endfor %}
{%- endif %}
