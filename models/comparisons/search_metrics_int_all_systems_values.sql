{#-
  The per-query values the tests across all systems read (search_run_anova, search_run_tukey_hsd,
  search_run_hsd_groups; docs/comparisons.md, "Tests across all systems"): every row of search_query_metrics of the
  compared runs (var search_metrics_all_systems_tests.runs, or every run of search_query_metrics) and metrics (its
  metrics, or every metric), with
    n_systems    the number of compared runs (the same on every row),
    run_index    the run's position among them in binary (code-point) order of run_id, 1 .. n_systems,
    topic_index  for a query where every compared run has a non-null value of the (metric, k) (a topic, the
                 complete block design): its position among those queries in binary order of query_id, 1 .. n;
                 null for the other queries (counted as left out by search_run_anova).
  One row per (run_id, query_id, metric, k) of search_query_metrics whose run is compared. A plain table.
-#}
{%- set model_enabled = search_metrics.all_systems_tests_enabled() -%}
{{ config(enabled=model_enabled, materialized='table') }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_all_systems_tests_settings() or {'runs': none, 'permutations': 1, 'metrics': none} -%}
{%- set run_rows = [] -%}
{%- for run in (settings.runs or []) -%}
    {%- do run_rows.append(["cast(" ~ search_metrics.string_literal(run) ~ " as " ~ dbt.type_string() ~ ")"]) -%}
{%- endfor %}

with compared_runs as (
    {%- if settings.runs is none %}
    select distinct run_id
    from {{ ref('search_query_metrics') }}
    {%- else %}
    select run_id
    from (
        {{ search_metrics.literal_relation(['run_id'], run_rows) | indent(8) }}
    ) as configured_runs
    {%- endif %}
),

indexed_runs as (
    select
        run_id,
        row_number() over (order by {{ search_metrics.binary_order('run_id') }}) as run_index,
        count(*) over () as n_systems
    from compared_runs
),

run_values as (
    select
        query_metrics.run_id,
        query_metrics.query_id,
        query_metrics.metric,
        query_metrics.k,
        coalesce(query_metrics.k, 0) as k_key,
        {{ search_metrics.as_double('query_metrics.value') }} as value,
        indexed_runs.run_index,
        indexed_runs.n_systems
    from {{ ref('search_query_metrics') }} as query_metrics
    inner join indexed_runs
        on indexed_runs.run_id = query_metrics.run_id
    {%- if settings.metrics is not none %}
    where query_metrics.metric in ({% for metric in settings.metrics %}{{ search_metrics.string_literal(metric) }}{% if not loop.last %}, {% endif %}{% endfor %})
    {%- endif %}
),

complete_topics as (
    select
        metric,
        k_key,
        query_id,
        row_number() over (partition by metric, k_key order by {{ search_metrics.binary_order('query_id') }}) as topic_index
    from run_values
    group by metric, k_key, query_id, n_systems
    having count(value) = n_systems
)

select
    cast(run_values.run_id as {{ dbt.type_string() }}) as run_id,
    cast(run_values.query_id as {{ dbt.type_string() }}) as query_id,
    run_values.metric,
    cast(run_values.k as {{ dbt.type_int() }}) as k,
    run_values.k_key,
    run_values.value,
    cast(run_values.run_index as {{ dbt.type_bigint() }}) as run_index,
    cast(run_values.n_systems as {{ dbt.type_bigint() }}) as n_systems,
    cast(complete_topics.topic_index as {{ dbt.type_bigint() }}) as topic_index
from run_values
left join complete_topics
    on complete_topics.metric = run_values.metric
    and complete_topics.k_key = run_values.k_key
    and complete_topics.query_id = run_values.query_id
{%- endif %}
