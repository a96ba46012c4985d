{#-
  Per (run_id, query_id, metric, k): the metric's value (search_query_metrics) beside its value under two readings
  of the run's unjudged results within the pool depth (search_metrics_int_source_query_metrics, source_kind
  'reading'): every such result judged at the lowest grade (pessimistic_value) or at the top grade
  (optimistic_value), each entering the pool and the ideal as a real judgment would. readings_are_bounds
  (readings_are_bounds): true when every way of judging them lands between the two. The metrics that describe the
  judgments themselves (coverage, binary_ties, rbp_residual) and the diversity metrics (they read the subtopic
  judgments) have no row.
  Incremental by (run_id, query_id) (judged_incremental_config, docs/judgments.md "Incremental builds"): each row
  carries its pair's input_fingerprint (search_metrics_int_pair_fingerprints: the pair's results and its query's
  human pool, all that the value and the two readings read; an automated judge's rows move none); an incremental
  build deletes the rows of the pairs whose fingerprint moved or that are gone and computes the pairs the table
  lacks, reading only their rows of search_query_metrics and of the readings.
-#}
{%- set build_settings = search_metrics.readings_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('judgment_coverage') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_pair_fingerprints', ['run_id', 'query_id'],
                                               'input_fingerprint', build_settings)
) }}
{%- if model_enabled %}
{%- set described = [] -%}
{%- set bounded = [] -%}
{%- for metric in search_metrics.get_metrics() -%}
    {%- if metric.type not in ['coverage', 'binary_ties', 'rbp_residual'] + search_metrics.diversity_types() -%}
        {%- do described.append(search_metrics.string_literal(metric.name)) -%}
        {%- if search_metrics.readings_are_bounds(metric) -%}{%- do bounded.append(search_metrics.string_literal(metric.name)) -%}{%- endif -%}
    {%- endif -%}
{%- endfor %}

with pairs_to_build as (
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_pair_fingerprints'), ['run_id', 'query_id']) | indent(4) }}
),

readings as (
    select
        source_metrics.run_id,
        source_metrics.query_id,
        source_metrics.metric,
        coalesce(source_metrics.k, 0) as k_key,
        max(case when source_metrics.source = 'pessimistic' then source_metrics.value end) as pessimistic_value,
        max(case when source_metrics.source = 'optimistic' then source_metrics.value end) as optimistic_value
    from {{ ref('search_metrics_int_source_query_metrics') }} as source_metrics
    inner join pairs_to_build
        on pairs_to_build.run_id = source_metrics.run_id
        and pairs_to_build.query_id = source_metrics.query_id
    where source_metrics.source_kind = 'reading'
    group by source_metrics.run_id, source_metrics.query_id, source_metrics.metric, coalesce(source_metrics.k, 0)
)

select
    query_metrics.run_id,
    query_metrics.query_id,
    query_metrics.metric,
    query_metrics.k,
    query_metrics.value,
    readings.pessimistic_value,
    readings.optimistic_value,
    {%- if bounded %}
    query_metrics.metric in ({{ bounded | join(', ') }}) as readings_are_bounds,
    {%- else %}
    1 = 0 as readings_are_bounds,
    {%- endif %}
    pairs_to_build.input_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from {{ ref('search_query_metrics') }} as query_metrics
inner join pairs_to_build
    on pairs_to_build.run_id = query_metrics.run_id
    and pairs_to_build.query_id = query_metrics.query_id
inner join readings
    on readings.run_id = query_metrics.run_id
    and readings.query_id = query_metrics.query_id
    and readings.metric = query_metrics.metric
    and readings.k_key = coalesce(query_metrics.k, 0)
{%- if described %}
where query_metrics.metric in ({{ described | join(', ') }})
{%- else %}
where 1 = 0
{%- endif %}
{%- endif %}
