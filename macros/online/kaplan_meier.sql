{#-
  The Kaplan-Meier estimate of the dwell per group, read at check-in times (docs/online_evaluation.md, "Dwell
  survival"). `dwells` is a relation with the group columns, dwell_us (the dwell in whole microseconds) and
  is_censored (1 for a right-censored dwell, else 0), one row per click; `group_columns` the columns of a curve,
  e.g. ['search_date', 'search_type']; `checkin_us` the check-in times in whole microseconds (none = those of var
  search_metrics_online_evaluation.checkin_seconds).
  Returns one row per group with at least one dwell and per check-in time: the group columns, checkin_seconds
  (double), survival (double), n_at_risk, n_dwells, n_censored (bigint) and median_dwell_seconds (double).
  - At risk at d = the group's dwells (observed or censored) >= d: a dwell censored at d is at risk at d.
  - S(t) = the product over observed dwell times d <= t of (1 - events at d / at risk at d), computed as exp of the
    sum of the logs; a factor of 0 (every dwell at risk at d ends there) makes S 0 from d on. S = 1 before the
    first observed dwell.
  - n_at_risk at t = the dwells >= t; n_dwells = every dwell of the group, n_censored = the censored ones.
  - median_dwell_seconds = the smallest observed dwell at which S <= 1/2 (with a tolerance of 1e-12, as S is exp
    of a sum of logs and an exact 1/2 must count: lifelines' median_survival_time_), null when S stays above 1/2.
  Every window is ordered by dwell_us within a group, where it is unique.
-#}
{% macro kaplan_meier(dwells, group_columns, checkin_us=none) %}
    {{- return(adapter.dispatch('kaplan_meier', 'search_metrics')(dwells, group_columns, checkin_us)) -}}
{% endmacro %}

{% macro default__kaplan_meier(dwells, group_columns, checkin_us) -%}
    {%- set checkins_us = checkin_us if checkin_us is not none else search_metrics.get_online_evaluation_settings().checkin_us -%}
    {%- set groups = group_columns | join(', ') -%}
    {%- set running_dwell -%}
        (partition by {{ groups }} order by dwell_us rows between unbounded preceding and current row)
    {%- endset -%}
    {%- set checkin_rows = [] -%}
    {%- for us in checkins_us -%}
        {%- do checkin_rows.append([search_metrics.as_double(us) ~ ' / 1000000',
                                    'cast(' ~ us ~ ' as ' ~ dbt.type_bigint() ~ ')']) -%}
    {%- endfor -%}
    {#- km_dwell_times: one row per distinct dwell time of a group, the dwells there and how many are observed #}
    with km_dwell_times as (
        select
            {{ groups }},
            dwell_us,
            count(*) as n_dwells,
            sum(1 - is_censored) as n_events
        from {{ dwells }}
        group by {{ groups }}, dwell_us
    ),

    km_risk_sets as (
        select
            {{ groups }},
            dwell_us,
            n_dwells,
            n_events,
            sum(n_dwells) over (
                partition by {{ groups }}
                order by dwell_us desc
                rows between unbounded preceding and current row
            ) as n_at_risk
        from km_dwell_times
    ),

    km_survival_steps as (
        select
            {{ groups }},
            dwell_us,
            n_dwells,
            n_events,
            sum(case when n_events > 0 and n_events = n_at_risk then 1 else 0 end) over {{ running_dwell }} as n_zero_factors,
            sum(case when n_events > 0 and n_events < n_at_risk
                then ln(1 - {{ search_metrics.as_double('n_events') }} / n_at_risk) else 0 end) over {{ running_dwell }} as log_survival
        from km_risk_sets
    ),

    km_survival_curve as (
        select
            {{ groups }},
            dwell_us,
            n_dwells,
            n_events,
            case when n_zero_factors > 0 then {{ search_metrics.as_double(0) }} else exp(log_survival) end as survival
        from km_survival_steps
    ),

    km_group_totals as (
        select
            {{ groups }},
            sum(n_dwells) as n_dwells,
            sum(n_dwells - n_events) as n_censored,
            -- S <= 1/2 with a tolerance of 1e-12: S is exp of a sum of logs, and an exact 1/2 must count
            min(case when n_events > 0 and survival <= 0.5 + 1e-12 then dwell_us end) as median_dwell_us
        from km_survival_curve
        group by {{ groups }}
    ),

    km_checkins as (
        {{ search_metrics.literal_relation(['checkin_seconds', 'checkin_us'], checkin_rows) | indent(8) }}
    ),

    km_at_checkins as (
        select
            {%- for column in group_columns %}
            km_group_totals.{{ column }},
            {%- endfor %}
            km_checkins.checkin_seconds,
            -- the survival is non-increasing: at t it is the smallest value of the steps at or before t (1 before any)
            coalesce(min(case when km_survival_curve.dwell_us <= km_checkins.checkin_us then km_survival_curve.survival end),
                {{ search_metrics.as_double(1) }}) as survival,
            sum(case when km_survival_curve.dwell_us >= km_checkins.checkin_us then km_survival_curve.n_dwells else 0 end) as n_at_risk
        from km_group_totals
        cross join km_checkins
        inner join km_survival_curve
            on {% for column in group_columns %}km_survival_curve.{{ column }} = km_group_totals.{{ column }}{% if not loop.last %}
            and {% endif %}{% endfor %}
        group by {% for column in group_columns %}km_group_totals.{{ column }}, {% endfor %}km_checkins.checkin_seconds
    )

    select
        {%- for column in group_columns %}
        km_at_checkins.{{ column }},
        {%- endfor %}
        km_at_checkins.checkin_seconds,
        km_at_checkins.survival,
        cast(km_at_checkins.n_at_risk as {{ dbt.type_bigint() }}) as n_at_risk,
        cast(km_group_totals.n_dwells as {{ dbt.type_bigint() }}) as n_dwells,
        cast(km_group_totals.n_censored as {{ dbt.type_bigint() }}) as n_censored,
        {{ search_metrics.as_double('km_group_totals.median_dwell_us') }} / 1000000 as median_dwell_seconds
    from km_at_checkins
    inner join km_group_totals
        on {% for column in group_columns %}km_group_totals.{{ column }} = km_at_checkins.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
{%- endmacro %}
