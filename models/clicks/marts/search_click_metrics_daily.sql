{#-
  Engagement per (search_date, search_type): zero-result rate, clickthrough and abandonment rates (over the
  searches with results) and the mean position of the first click. Incremental like search_paulscore_daily.
-#}
{%- set build_settings = ['search_metrics_future_tolerance_seconds', 'search_metrics_max_event_delay_seconds'] -%}
{%- set model_enabled = search_metrics.family_enabled('clicks') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.click_incremental_config(['search_date', 'search_type'], build_settings)
) }}
{%- if model_enabled %}

with searches_to_build as (
    select
        search_date,
        search_type,
        n_results,
        first_click_position,
        case when n_results = 0 then 1 else 0 end as is_zero_result,
        case when n_results > 0 then 1 else 0 end as has_results,
        case when n_clicked_positions > 0 then 1 else 0 end as is_clicked,
        case when n_results > 0 and n_clicked_positions > 0 then 1 else 0 end as is_clicked_with_results
    from {{ ref('search_metrics_int_click_searches') }}
    where {{ search_metrics.click_recompute_filter('search_date') }}
),

daily_counts as (
    select
        search_date,
        search_type,
        count(*) as n_searches,
        count(n_results) as n_searches_known_results,
        sum(is_zero_result) as n_zero_result_searches,
        sum(has_results) as n_searches_with_results,
        sum(is_clicked) as n_clicked_searches,
        sum(is_clicked_with_results) as n_clicked_searches_with_results,
        avg({{ search_metrics.as_double('first_click_position') }}) as mean_first_click_position
    from searches_to_build
    group by search_date, search_type
)

select
    search_date,
    search_type,
    cast(n_searches as {{ dbt.type_bigint() }}) as n_searches,
    case
        when n_searches_known_results = 0 then null
        else {{ search_metrics.as_double('n_zero_result_searches') }} / n_searches_known_results
    end as zero_result_rate,
    case
        when n_searches_with_results = 0 then null
        else {{ search_metrics.as_double('n_clicked_searches_with_results') }} / n_searches_with_results
    end as clickthrough_rate,
    case
        when n_searches_with_results = 0 then null
        else {{ search_metrics.as_double('n_searches_with_results - n_clicked_searches_with_results') }} / n_searches_with_results
    end as abandonment_rate,
    mean_first_click_position,
    cast(n_searches_known_results as {{ dbt.type_bigint() }}) as n_searches_known_results,
    cast(n_zero_result_searches as {{ dbt.type_bigint() }}) as n_zero_result_searches,
    cast(n_searches_with_results as {{ dbt.type_bigint() }}) as n_searches_with_results,
    cast(n_clicked_searches as {{ dbt.type_bigint() }}) as n_clicked_searches,
    {{ search_metrics.build_settings_column(build_settings) }}
from daily_counts
{%- endif %}
