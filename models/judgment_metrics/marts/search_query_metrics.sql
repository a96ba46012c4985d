{#- One row per (run_id, query_id, metric, k): every configured metric at every cutoff, long format. -#}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics')) }}
{%- set metrics = search_metrics.get_metrics() -%}
{%- set cutoffs = search_metrics.get_cutoffs() -%}
{%- set results = ref('search_metrics_int_labeled_results') -%}
{%- set pool = ref('search_metrics_int_pool') -%}
{%- set spine = ref('search_metrics_int_query_spine') -%}
{#- the diversity metrics read the subtopic judgments (the diversity family) -#}
{%- set subtopics = {'results': ref('search_metrics_int_subtopic_results'), 'pool': ref('search_metrics_int_subtopic_pool')}
    if search_metrics.family_enabled('diversity') else none -%}

with
{%- for metric in metrics %}

{{ metric.name }}_values as (
    {{ search_metrics.metric_query(metric, results, pool, spine, cutoffs, subtopics) }}
){{ "," if not loop.last }}
{%- endfor %}

{% for metric in metrics -%}
select
    run_id,
    query_id,
    cast({{ search_metrics.string_literal(metric.name) }} as {{ dbt.type_string() }}) as metric,
    cast(k as {{ dbt.type_int() }}) as k,
    {{ search_metrics.as_double('value') }} as value
from {{ metric.name }}_values
{% if not loop.last %}union all
{% endif -%}
{%- endfor %}
