{#-
  One row per (experiment, unit) of the searches with a bucket and a unit (and, with var
  search_metrics_experiment_column set, an experiment): the unit's buckets in that experiment (n_buckets; bucket when there is one, else null: the unit
  is contaminated and every search of it is excluded from that experiment), its searches and its first and last
  day, and the experiment's first day (the earliest search_date of its units with one bucket), where CUPED's
  pre-period ends (docs/experiments.md). It reads only the searches' keys (search_metrics_int_searches; the day is
  that of searched_at, as in search_metrics_int_click_searches), not the clicks. A table: every experiment model
  reads it.
-#}
{%- set model_enabled = search_metrics.family_enabled('experiments') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}

with unit_bucket_searches as (
    {#- per (experiment, unit, bucket), then per (experiment, unit): its buckets are the rows (no count distinct) #}
    select
        experiment,
        unit_id,
        bucket,
        count(*) as n_searches,
        min(cast(searched_at as date)) as first_search_date,
        max(cast(searched_at as date)) as last_search_date
    from {{ ref('search_metrics_int_searches') }}
    where bucket is not null
        and experiment is not null
        and unit_id is not null
    group by experiment, unit_id, bucket
),

unit_buckets as (
    select
        experiment,
        unit_id,
        count(*) as n_buckets,
        min(bucket) as any_bucket,
        sum(n_searches) as n_searches,
        min(first_search_date) as first_search_date,
        max(last_search_date) as last_search_date
    from unit_bucket_searches
    group by experiment, unit_id
)

select
    experiment,
    unit_id,
    cast(n_buckets as {{ dbt.type_bigint() }}) as n_buckets,
    case when n_buckets = 1 then any_bucket end as bucket,
    cast(n_searches as {{ dbt.type_bigint() }}) as n_searches,
    first_search_date,
    last_search_date,
    min(case when n_buckets = 1 then first_search_date end) over (partition by experiment) as experiment_first_date
from unit_buckets
{%- endif %}
