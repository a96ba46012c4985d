{#-
  The Kaplan-Meier estimate of the click dwell per (search_date, search_type), read at the check-in times of var
  search_metrics_online_evaluation, with the median dwell (docs/online_evaluation.md). Censored dwells are at risk
  at their own time. The product of the factors (1 - events / at risk) is exp of the sum of their logs; a factor
  of 0 (every click at risk ends there) makes the survival 0 from there on. Incremental like the click metrics.
-#}
{%- set build_settings = ['search_metrics_online_evaluation.checkin_seconds', 'search_metrics_page_visits',
    'search_metrics_future_tolerance_seconds', 'search_metrics_max_event_delay_seconds'] -%}
{{ config(
    enabled=search_metrics.family_enabled('sessions'),
    **search_metrics.click_incremental_config(['search_date', 'search_type', 'checkin_seconds'], build_settings)
) }}
{%- set settings = search_metrics.get_online_evaluation_settings() -%}
{%- set running_dwell -%}
    (partition by search_date, search_type order by dwell_us rows between unbounded preceding and current row)
{%- endset %}

with dwells_to_build as (
    select search_date, search_type, dwell_us, is_censored
    from {{ ref('search_metrics_int_click_dwells') }}
    where {{ search_metrics.click_recompute_filter('search_date') }}
),

-- one row per distinct dwell time of a day and type: the dwells there and how many of them are observed
dwell_times as (
    select
        search_date,
        search_type,
        dwell_us,
        count(*) as n_dwells,
        sum(1 - is_censored) as n_events
    from dwells_to_build
    group by search_date, search_type, dwell_us
),

risk_sets as (
    select
        search_date,
        search_type,
        dwell_us,
        n_dwells,
        n_events,
        sum(n_dwells) over (
            partition by search_date, search_type
            order by dwell_us desc
            rows between unbounded preceding and current row
        ) as n_at_risk
    from dwell_times
),

survival_steps as (
    select
        search_date,
        search_type,
        dwell_us,
        n_dwells,
        n_events,
        sum(case when n_events > 0 and n_events = n_at_risk then 1 else 0 end) over {{ running_dwell }} as n_zero_factors,
        sum(case when n_events > 0 and n_events < n_at_risk
            then ln(1 - {{ search_metrics.as_double('n_events') }} / n_at_risk) else 0 end) over {{ running_dwell }} as log_survival
    from risk_sets
),

survival_curve as (
    select
        search_date,
        search_type,
        dwell_us,
        n_dwells,
        n_events,
        case when n_zero_factors > 0 then {{ search_metrics.as_double(0) }} else exp(log_survival) end as survival
    from survival_steps
),

day_totals as (
    select
        search_date,
        search_type,
        sum(n_dwells) as n_dwells,
        sum(n_dwells - n_events) as n_censored,
        -- S <= 1/2 with a tolerance of 1e-12: S is exp of a sum of logs, and an exact 1/2 must count
        min(case when n_events > 0 and survival <= 0.5 + 1e-12 then dwell_us end) as median_dwell_us
    from survival_curve
    group by search_date, search_type
),

checkins as (
    {%- set checkin_rows = [] -%}
    {%- for checkin_us in settings.checkin_us -%}
        {%- do checkin_rows.append([search_metrics.as_double(checkin_us) ~ ' / 1000000',
                                    'cast(' ~ checkin_us ~ ' as ' ~ dbt.type_bigint() ~ ')']) -%}
    {%- endfor %}
    {{ search_metrics.literal_relation(['checkin_seconds', 'checkin_us'], checkin_rows) | indent(4) }}
),

survival_at_checkins as (
    select
        day_totals.search_date,
        day_totals.search_type,
        checkins.checkin_seconds,
        -- the survival is non-increasing: at t it is the smallest value of the steps at or before t (1 before any)
        coalesce(min(case when survival_curve.dwell_us <= checkins.checkin_us then survival_curve.survival end),
            {{ search_metrics.as_double(1) }}) as survival,
        sum(case when survival_curve.dwell_us >= checkins.checkin_us then survival_curve.n_dwells else 0 end) as n_at_risk
    from day_totals
    cross join checkins
    inner join survival_curve
        on survival_curve.search_date = day_totals.search_date
        and survival_curve.search_type = day_totals.search_type
    group by day_totals.search_date, day_totals.search_type, checkins.checkin_seconds
)

select
    survival_at_checkins.search_date,
    survival_at_checkins.search_type,
    survival_at_checkins.checkin_seconds,
    survival_at_checkins.survival,
    cast(survival_at_checkins.n_at_risk as {{ dbt.type_bigint() }}) as n_at_risk,
    cast(day_totals.n_dwells as {{ dbt.type_bigint() }}) as n_dwells,
    cast(day_totals.n_censored as {{ dbt.type_bigint() }}) as n_censored,
    {{ search_metrics.as_double('day_totals.median_dwell_us') }} / 1000000 as median_dwell_seconds,
    {{ search_metrics.build_settings_column(build_settings) }}
from survival_at_checkins
inner join day_totals
    on day_totals.search_date = survival_at_checkins.search_date
    and day_totals.search_type = survival_at_checkins.search_type
