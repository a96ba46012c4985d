{#-
  One row per (experiment, bucket, search_type, metric entry) (experiment_metrics): the sufficient statistics of
  the delta method over the bucket's units u with numerator m_u and denominator d_u (experiment_unit_values):
  n_units, sum_m, sum_m2, sum_d, sum_d2, sum_md; with CUPED on, also the pre-period x_u, y_u sums: sum_x, sum_x2,
  sum_y, sum_y2, sum_xy and the cross sums sum_mx, sum_my, sum_dx, sum_dy (null with CUPED off).
  Every statistic of search_experiment_buckets and search_experiment_results is a closed form of these
  (docs/experiments.md). The metrics are known at compile time: each is a set of columns until the bucket sums,
  then one row per metric by a cross join with the metric list. A table: read once per comparison.
-#}
{%- set model_enabled = search_metrics.family_enabled('experiments') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set metrics = search_metrics.experiment_metrics() -%}
{%- set cuped = search_metrics.get_experiment_settings().cuped_days is not none -%}
{%- set sums = ['m', 'm2', 'd', 'd2', 'md'] + (['x', 'x2', 'y', 'y2', 'xy', 'mx', 'my', 'dx', 'dy'] if cuped else []) -%}
{%- set products = {'m': 'm_{i}', 'm2': 'm_{i} * m_{i}', 'd': 'd_{i}', 'd2': 'd_{i} * d_{i}', 'md': 'm_{i} * d_{i}',
    'x': 'x_{i}', 'x2': 'x_{i} * x_{i}', 'y': 'y_{i}', 'y2': 'y_{i} * y_{i}', 'xy': 'x_{i} * y_{i}',
    'mx': 'm_{i} * x_{i}', 'my': 'm_{i} * y_{i}', 'dx': 'd_{i} * x_{i}', 'dy': 'd_{i} * y_{i}'} %}

with unit_values as (
    select
        experiment,
        bucket,
        search_type,
        {{ search_metrics.experiment_unit_values(metrics, '', '' if cuped else none) | indent(8) }}
    from {{ ref('search_metrics_int_experiment_units') }}
),

bucket_sums as (
    select
        experiment,
        bucket,
        search_type,
        count(*) as n_units
        {%- for metric in metrics %}
        {%- set i = metric.index %}
        {%- for s in sums %},
        sum({{ products[s] | replace('{i}', i) }}) as sum_{{ s }}_{{ i }}
        {%- endfor %}
        {%- endfor %}
    from unit_values
    group by experiment, bucket, search_type
),

metric_list as (
    {%- set rows = [] -%}
    {%- for metric in metrics -%}
        {%- do rows.append([metric.index, "cast('" ~ metric.name ~ "' as " ~ dbt.type_string() ~ ")",
            ('cast(' ~ metric.factor ~ ' as ' ~ search_metrics.type_double() ~ ')') if metric.factor is not none
                else 'cast(null as ' ~ search_metrics.type_double() ~ ')',
            "cast('" ~ metric.kind ~ "' as " ~ dbt.type_string() ~ ")"]) -%}
    {%- endfor %}
    {{ search_metrics.literal_relation(['metric_index', 'metric', 'factor', 'metric_kind'], rows) | indent(4) }}
)

select
    bucket_sums.experiment,
    bucket_sums.bucket,
    bucket_sums.search_type,
    metric_list.metric_index,
    metric_list.metric,
    metric_list.factor,
    metric_list.metric_kind,
    cast(bucket_sums.n_units as {{ dbt.type_bigint() }}) as n_units
    {%- for s in ['m', 'm2', 'd', 'd2', 'md', 'x', 'x2', 'y', 'y2', 'xy', 'mx', 'my', 'dx', 'dy'] %},
    {%- if s in sums %}
    case metric_list.metric_index
        {%- for metric in metrics %}
        when {{ metric.index }} then bucket_sums.sum_{{ s }}_{{ metric.index }}
        {%- endfor %}
    end as sum_{{ s }}
    {%- else %}
    cast(null as {{ search_metrics.type_double() }}) as sum_{{ s }}
    {%- endif %}
    {%- endfor %}
from bucket_sums
cross join metric_list
{%- endif %}
