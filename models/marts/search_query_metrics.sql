{#- One row per (run_id, query_id, metric, k): every configured metric at every cutoff, long format. -#}
{{ config(enabled=search_metrics.inputs_configured(['search_metrics_results', 'search_metrics_judgments'])) }}
{%- set metrics = search_metrics.get_metrics() -%}
{%- set cutoffs = search_metrics.get_cutoffs() -%}
{%- set results = ref('search_metrics_labeled_results') -%}
{%- set pool = ref('search_metrics_judgment_labels') -%}
{%- set spine = ref('search_metrics_run_queries') -%}

with
{%- for metric in metrics %}

{{ metric.name }}_values as (
    {{ search_metrics.metric_query(metric, results, pool, spine, cutoffs) }}
){{ "," if not loop.last }}
{%- endfor %}

{% for metric in metrics -%}
select
    run_id,
    query_id,
    cast('{{ metric.name }}' as {{ dbt.type_string() }}) as metric,
    cast(k as {{ dbt.type_int() }}) as k,
    {{ search_metrics.as_double('value') }} as value
from {{ metric.name }}_values
{% if not loop.last %}union all
{% endif -%}
{%- endfor %}
