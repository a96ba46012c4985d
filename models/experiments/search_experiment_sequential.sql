{#-
  Sequential monitoring (docs/experiments.md): one row per (experiment, baseline, candidate, search_type, metric
  entry, search_date) from the experiment's first day to its last, over the units and searches up to and
  including that day. The intervals are always valid: asymptotic confidence sequences (Waudby-Smith et al. 2023,
  eq. 9; GrowthBook's SequentialTwoSidedTTest) with tuning parameter var search_metrics_experiments
  .sequential_tuning (the total units where the interval is tightest) at level 1 − var search_metrics_alpha, so a
  team that looks every day keeps its error rate; p_value is the sequential p-value (eq. 155), absolute. Each day
  is computed on its own (no running intersection), as GrowthBook. Raw estimates (no CUPED). Null where the
  fixed-horizon test is undefined (search_experiment_results).
  A unit's cumulative sums change only on its days with a search, so the bucket's cumulative moments are running
  sums of each unit-day's increments (the new cumulative value's square minus the old one's, and so on; the old
  one is the running sum less the day's own, so one window, one sort, serves both): one pass over the unit-days
  (those with a search_date: the experiment's days, not CUPED's pre-period), however long the experiment.
-#}
{%- set model_enabled = search_metrics.family_enabled('experiments') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_experiment_settings() -%}
{%- set metrics = search_metrics.experiment_metrics() -%}
{%- set columns = search_metrics.experiment_search_columns() -%}
{%- set alpha = search_metrics.get_alpha() -%}
{%- set double = search_metrics.type_double() -%}
{#- a unit's partition: its bucket is one per (experiment, unit), so it is no key of the window's -#}
{%- set unit_order = '(partition by experiment, unit_id, search_type order by search_date)' -%}

with running_units as (
    {#- a unit's sums up to each of its days: one window #}
    select
        experiment,
        bucket,
        unit_id,
        search_type,
        search_date
        {%- for column in columns %},
        {{ column }} as day_{{ column }},
        sum({{ column }}) over ({{ unit_order[1:-1] }} rows between unbounded preceding and current row) as {{ column }}
        {%- endfor %}
    from {{ ref('search_metrics_int_experiment_unit_days') }}
    where search_date is not null
),

cumulative_units as (
    {#- and up to the day before: the running sums less the day's own #}
    select
        experiment,
        bucket,
        unit_id,
        search_type,
        search_date
        {%- for column in columns %},
        {{ column }},
        {{ column }} - day_{{ column }} as prev_{{ column }}
        {%- endfor %}
    from running_units
),

-- each unit-day's change of the unit's contribution to the bucket's sums: its values over the searches up to that
-- day less those up to the day before (nothing before its first day, which adds the unit)
increments as (
    select
        experiment,
        bucket,
        search_type,
        search_date,
        case when prev_n_searches = 0 then 1 else 0 end as new_units
        {%- for metric in metrics %}
        {%- set i = metric.index %}
        {%- set m = search_metrics.as_double(metric.numerator | replace('{s}', '')) %}
        {%- set d = search_metrics.as_double(metric.denominator | replace('{s}', '')) %}
        {%- set pm = search_metrics.as_double(metric.numerator | replace('{s}', 'prev_')) %}
        {%- set pd = search_metrics.as_double(metric.denominator | replace('{s}', 'prev_')) %}
        {%- for name, now, before in [('m', m, pm), ('m2', m ~ ' * ' ~ m, pm ~ ' * ' ~ pm), ('d', d, pd),
                                      ('d2', d ~ ' * ' ~ d, pd ~ ' * ' ~ pd), ('md', m ~ ' * ' ~ d, pm ~ ' * ' ~ pd)] %},
        {{ now }} - case when prev_n_searches = 0 then 0 else {{ before }} end as delta_{{ name }}_{{ i }}
        {%- endfor %}
        {%- endfor %}
    from cumulative_units
),

daily_increments as (
    select
        experiment,
        bucket,
        search_type,
        search_date,
        sum(new_units) as new_units
        {%- for metric in metrics %}
        {%- for name in ['m', 'm2', 'd', 'd2', 'md'] %},
        sum(delta_{{ name }}_{{ metric.index }}) as delta_{{ name }}_{{ metric.index }}
        {%- endfor %}
        {%- endfor %}
    from increments
    group by experiment, bucket, search_type, search_date
),

-- every day of the experiment (a day with a search of it) for every bucket and search type seen in it
experiment_days as (
    select distinct experiment, search_date
    from daily_increments
),

arm_days as (
    select
        arms.experiment,
        arms.bucket,
        arms.search_type,
        experiment_days.search_date
    from (select distinct experiment, bucket, search_type from daily_increments) as arms
    inner join experiment_days on experiment_days.experiment = arms.experiment
),

cumulative_sums as (
    select
        arm_days.experiment,
        arm_days.bucket,
        arm_days.search_type,
        arm_days.search_date,
        sum(coalesce(daily_increments.new_units, 0)) over (
            partition by arm_days.experiment, arm_days.bucket, arm_days.search_type
            order by arm_days.search_date rows between unbounded preceding and current row) as n_units
        {%- for metric in metrics %}
        {%- for name in ['m', 'm2', 'd', 'd2', 'md'] %},
        sum(coalesce(daily_increments.delta_{{ name }}_{{ metric.index }}, 0)) over (
            partition by arm_days.experiment, arm_days.bucket, arm_days.search_type
            order by arm_days.search_date rows between unbounded preceding and current row) as sum_{{ name }}_{{ metric.index }}
        {%- endfor %}
        {%- endfor %}
    from arm_days
    left join daily_increments
        on daily_increments.experiment = arm_days.experiment
        and daily_increments.bucket = arm_days.bucket
        and daily_increments.search_type = arm_days.search_type
        and daily_increments.search_date = arm_days.search_date
),

metric_list as (
    {%- set rows = [] -%}
    {%- for metric in metrics -%}
        {%- do rows.append([metric.index, "cast('" ~ metric.name ~ "' as " ~ dbt.type_string() ~ ")",
            ('cast(' ~ metric.factor ~ ' as ' ~ double ~ ')') if metric.factor is not none else 'cast(null as ' ~ double ~ ')']) -%}
    {%- endfor %}
    {{ search_metrics.literal_relation(['metric_index', 'metric', 'factor'], rows) | indent(4) }}
),

daily_moments as (
    select
        cumulative_sums.experiment,
        cumulative_sums.bucket,
        cumulative_sums.search_type,
        cumulative_sums.search_date,
        metric_list.metric_index,
        metric_list.metric,
        metric_list.factor,
        cumulative_sums.n_units
        {%- for name in ['m', 'm2', 'd', 'd2', 'md'] %},
        case metric_list.metric_index
            {%- for metric in metrics %}
            when {{ metric.index }} then cumulative_sums.sum_{{ name }}_{{ metric.index }}
            {%- endfor %}
        end as sum_{{ name }}
        {%- endfor %},
        cast(null as {{ double }}) as sum_x,
        cast(null as {{ double }}) as sum_y
    from cumulative_sums
    cross join metric_list
    where cumulative_sums.n_units > 0
),

-- each arm's mean and variance, with the columns paired reads passed through (daily_moments is read once: Spark
-- inlines a CTE at each of its uses)
arms as (
    {{ search_metrics.experiment_arm_statistics('daily_moments', ['experiment', 'bucket', 'search_type', 'search_date', 'metric_index', 'metric', 'factor', 'n_units']) | indent(4) }}
),

pairs as (
    {{ search_metrics.experiment_pairs(ref('search_metrics_int_experiment_assignments')) | indent(4) }}
),

paired as (
    select
        pairs.experiment,
        pairs.baseline,
        pairs.candidate,
        baseline_arm.search_type,
        baseline_arm.metric_index,
        baseline_arm.metric,
        baseline_arm.factor,
        baseline_arm.search_date,
        baseline_arm.n_units as n_a,
        candidate_arm.n_units as n_b,
        baseline_arm.mean as mean_a,
        candidate_arm.mean as mean_b,
        baseline_arm.variance as var_a,
        candidate_arm.variance as var_b
    from pairs
    inner join arms as baseline_arm
        on baseline_arm.experiment = pairs.experiment
        and baseline_arm.bucket = pairs.baseline
    inner join arms as candidate_arm
        on candidate_arm.experiment = pairs.experiment
        and candidate_arm.bucket = pairs.candidate
        and candidate_arm.search_type = baseline_arm.search_type
        and candidate_arm.metric_index = baseline_arm.metric_index
        and candidate_arm.search_date = baseline_arm.search_date
),

estimates as (
    select
        paired.*,
        cast(n_a + n_b as {{ double }}) as n_total,
        case when n_a >= 2 and n_b >= 2 and mean_a is not null and mean_b is not null and mean_a <> 0 and var_a > 0 and var_b > 0
            then 1 else 0 end as is_defined,
        mean_b - mean_a as absolute_difference,
        var_b / n_b + var_a / n_a as absolute_variance,
        case when mean_a <> 0 then (mean_b - mean_a) / mean_a end as relative_difference,
        case when mean_a <> 0 then
            var_b / (mean_a * mean_a * n_b) + var_a * mean_b * mean_b / (mean_a * mean_a * mean_a * mean_a * n_a)
        end as relative_variance,
        {#- rho^2 of eq. 161: (−2 ln α + ln(−2 ln α + 1)) / tuning #}
        (-2 * ln({{ alpha }}) + ln(-2 * ln({{ alpha }}) + 1)) / cast({{ settings.sequential_tuning }} as {{ double }}) as rho2
    from paired
),

-- every compared row (read once by the select below), its tests null where undefined (is_defined = 0)
half_widths as (
    select
        estimates.*,
        {%- for kind in ['absolute', 'relative'] %}
        {#- eq. 9: sqrt(s2) sqrt(2 (N rho^2 + 1) ln(sqrt(N rho^2 + 1) / α) / (N rho)^2), s2 = variance × N #}
        case when is_defined = 1 then
            sqrt({{ kind }}_variance * n_total)
                * sqrt(2 * (n_total * rho2 + 1) * ln(sqrt(n_total * rho2 + 1) / {{ alpha }}) / (n_total * n_total * rho2))
        end as {{ kind }}_half_width,
        {%- endfor %}
        {#- eq. 155: p = min(1, 1 / e-value), e-value = exp(rho^2 st2 / (2 (N rho^2 + 1))) / sqrt(N rho^2 + 1),
            st2 = difference^2 N / variance; as exp(-(log e-value)), floored at exp(-700) (PostgreSQL's exp does not underflow quietly) #}
        case when is_defined = 1 then
            exp(greatest(-700, 0.5 * ln(n_total * rho2 + 1)
                - rho2 * (absolute_difference * absolute_difference * n_total / absolute_variance) / (2 * (n_total * rho2 + 1))))
        end as inverse_e_value
    from estimates
)

select
    half_widths.experiment,
    half_widths.baseline,
    half_widths.candidate,
    half_widths.search_type,
    half_widths.metric,
    half_widths.factor,
    half_widths.search_date,
    cast(half_widths.n_a as {{ dbt.type_bigint() }}) as n_baseline_units,
    cast(half_widths.n_b as {{ dbt.type_bigint() }}) as n_candidate_units,
    {{ search_metrics.as_double('half_widths.mean_a') }} as baseline_mean,
    {{ search_metrics.as_double('half_widths.mean_b') }} as candidate_mean,
    case when half_widths.is_defined = 1 then {{ search_metrics.as_double('half_widths.absolute_difference') }} end as absolute_difference,
    {{ search_metrics.as_double('half_widths.absolute_difference - half_widths.absolute_half_width') }} as absolute_ci_low,
    {{ search_metrics.as_double('half_widths.absolute_difference + half_widths.absolute_half_width') }} as absolute_ci_high,
    case when half_widths.is_defined = 1 then {{ search_metrics.as_double('half_widths.relative_difference') }} end as relative_difference,
    {{ search_metrics.as_double('half_widths.relative_difference - half_widths.relative_half_width') }} as relative_ci_low,
    {{ search_metrics.as_double('half_widths.relative_difference + half_widths.relative_half_width') }} as relative_ci_high,
    case when half_widths.inverse_e_value is not null
        then {{ search_metrics.as_double('least(1, half_widths.inverse_e_value)') }} end as p_value
from half_widths
{%- endif %}
