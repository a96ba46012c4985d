{#-
  The experiment scorecard: one row per (experiment, baseline, candidate, search_type, metric entry) (docs/experiments.md).
  Each arm's mean and per-unit delta-method variance come from its units' sums (experiment_arm_statistics); the
  difference candidate − baseline and the relative difference (candidate − baseline) / baseline are tested with
  Welch's t and its fractional degrees of freedom, each with its confidence interval at 1 − var search_metrics_alpha
  (student_t_tail, student_t_quantile), as gbstats' TwoSidedTTest. The minimum detectable effect is
  (z_{1−α/2} + z_power) × the difference's standard error. Holm and Benjamini-Hochberg adjust p_value and
  cuped_p_value over the metrics of one (experiment, baseline, candidate, search_type) (adjust_p_values).
  CUPED (var search_metrics_experiments.cuped_days): θ from both arms (per-unit metrics: the pooled covariance over
  the pooled pre-period variance, gbstats 0.8.0; ratio metrics: GrowthBook's regression-adjusted ratio), adjusted
  mean = mean − θ × pre-period mean, the same tests on the adjusted means; null columns with CUPED off.
  A test (its difference, interval, p-value and MDE) is null where it is undefined: an arm with fewer than 2
  units or a variance <= 0, or a baseline mean of 0 (gbstats returns 0, [0, 0] and p = 1 there). A search type
  found in one bucket only has no row. srm_p_value / srm_passed repeat
  the experiment's sample-ratio check (search_experiment_sample_ratios): read it first.
-#}
{%- set model_enabled = search_metrics.family_enabled('experiments') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_experiment_settings() -%}
{%- set cuped = settings.cuped_days is not none -%}
{%- set alpha = search_metrics.get_alpha() -%}
{%- set z_sum = search_metrics.normal_quantile(1 - alpha / 2) + search_metrics.normal_quantile(search_metrics.get_power()) -%}
{%- set double = search_metrics.type_double() -%}
{%- set arm_keys = ['experiment', 'bucket', 'search_type', 'metric_index'] -%}
{%- set keys = ['experiment', 'baseline', 'candidate', 'search_type', 'metric_index'] -%}
{%- set tests = ['absolute', 'relative'] + (['cuped_absolute', 'cuped_relative'] if cuped else []) %}

with moments as (
    select * from {{ ref('search_metrics_int_experiment_moments') }}
),

arm_statistics as (
    {{ search_metrics.experiment_arm_statistics('moments', arm_keys, cuped) | indent(4) }}
),

arms as (
    select
        moments.*,
        arm_statistics.mean,
        arm_statistics.variance
        {%- if cuped %},
        arm_statistics.pre_mean,
        arm_statistics.pre_variance,
        arm_statistics.pre_covariance
        {%- endif %}
    from moments
    inner join arm_statistics
        on {% for column in arm_keys %}arm_statistics.{{ column }} = moments.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
),

pairs as (
    {{ search_metrics.experiment_pairs(ref('search_metrics_int_experiment_assignments')) | indent(4) }}
),

-- every (comparison, search_type, metric) with units in both arms, with both arms' statistics (arms is read
-- twice here and nowhere else: Spark inlines a CTE at each of its uses); a search type of one bucket only has no
-- comparison (its bucket rows are in search_experiment_buckets)
paired as (
    select
        pairs.experiment,
        pairs.baseline,
        pairs.candidate,
        baseline_arm.search_type,
        baseline_arm.metric_index,
        baseline_arm.metric,
        baseline_arm.factor,
        baseline_arm.metric_kind,
        coalesce(baseline_arm.n_units, 0) as n_a,
        coalesce(candidate_arm.n_units, 0) as n_b,
        baseline_arm.mean as mean_a,
        candidate_arm.mean as mean_b,
        baseline_arm.variance as var_a,
        candidate_arm.variance as var_b
        {%- if cuped %},
        baseline_arm.pre_mean as pre_mean_a,
        candidate_arm.pre_mean as pre_mean_b,
        baseline_arm.pre_variance as pre_var_a,
        candidate_arm.pre_variance as pre_var_b,
        baseline_arm.pre_covariance as pre_cov_a,
        candidate_arm.pre_covariance as pre_cov_b,
        {#- the two arms pooled (gbstats 0.8.0's theta of a per-unit metric) #}
        {%- for s in ['m', 'm2', 'x', 'x2', 'mx'] %}
        coalesce(baseline_arm.sum_{{ s }}, 0) + coalesce(candidate_arm.sum_{{ s }}, 0) as joint_sum_{{ s }},
        {%- endfor %}
        cast(coalesce(baseline_arm.n_units, 0) + coalesce(candidate_arm.n_units, 0) as {{ double }}) as joint_n
        {%- endif %}
    from pairs
    inner join arms as baseline_arm
        on baseline_arm.experiment = pairs.experiment
        and baseline_arm.bucket = pairs.baseline
    inner join arms as candidate_arm
        on candidate_arm.experiment = pairs.experiment
        and candidate_arm.bucket = pairs.candidate
        and candidate_arm.search_type = baseline_arm.search_type
        and candidate_arm.metric_index = baseline_arm.metric_index
)
{%- if cuped %},

thetas as (
    select
        paired.*,
        case
            when metric_kind = 'unit' then
                case
                    when joint_n < 2 then 0
                    when {{ search_metrics.zero_below_rounding('joint_sum_x2 - joint_sum_x * joint_sum_x / joint_n', 'joint_sum_x2 + joint_sum_x * joint_sum_x / joint_n') }} = 0
                        or {{ search_metrics.zero_below_rounding('joint_sum_m2 - joint_sum_m * joint_sum_m / joint_n', 'joint_sum_m2 + joint_sum_m * joint_sum_m / joint_n') }} = 0 then 0
                    else (joint_sum_mx - joint_sum_m * joint_sum_x / joint_n)
                        / (joint_sum_x2 - joint_sum_x * joint_sum_x / joint_n)
                end
            else
                case
                    when coalesce(pre_var_a, 0) + coalesce(pre_var_b, 0) = 0 then 0
                    when abs((coalesce(pre_cov_a, 0) + coalesce(pre_cov_b, 0)) / (coalesce(pre_var_a, 0) + coalesce(pre_var_b, 0))) < 1e-8 then 0
                    else (coalesce(pre_cov_a, 0) + coalesce(pre_cov_b, 0)) / (coalesce(pre_var_a, 0) + coalesce(pre_var_b, 0))
                end
        end as theta
    from paired
),

adjusted as (
    select
        thetas.*,
        case when theta = 0 then mean_a when pre_mean_a is not null then mean_a - theta * pre_mean_a end as cuped_mean_a,
        case when theta = 0 then mean_b when pre_mean_b is not null then mean_b - theta * pre_mean_b end as cuped_mean_b,
        case when theta = 0 then var_a when pre_variance_ok_a = 1 then
            {{ search_metrics.zero_below_rounding('var_a + theta * theta * pre_var_a - 2 * theta * pre_cov_a', 'abs(var_a) + theta * theta * abs(pre_var_a) + 2 * abs(theta * pre_cov_a)') }} end as cuped_var_a,
        case when theta = 0 then var_b when pre_variance_ok_b = 1 then
            {{ search_metrics.zero_below_rounding('var_b + theta * theta * pre_var_b - 2 * theta * pre_cov_b', 'abs(var_b) + theta * theta * abs(pre_var_b) + 2 * abs(theta * pre_cov_b)') }} end as cuped_var_b
    from (
        select
            thetas.*,
            case when pre_var_a is not null and pre_cov_a is not null then 1 else 0 end as pre_variance_ok_a,
            case when pre_var_b is not null and pre_cov_b is not null then 1 else 0 end as pre_variance_ok_b
        from thetas
    ) as thetas
)
{%- endif %},

test_list as (
    {%- set test_rows = [] %}
    {%- for test in tests %}{% do test_rows.append([search_metrics.string_literal(test)]) %}{% endfor %}
    {{ search_metrics.literal_relation(['test'], test_rows) | indent(4) }}
),

-- each test's means and variances: the CUPED tests read the adjusted ones (one read of the compared rows, crossed
-- with the tests, rather than one read per test: Spark inlines a CTE at each of its uses)
test_arms as (
    select
        compared_rows.*,
        test_list.test,
        {%- for side in ['a', 'b'] %}
        {%- for column in ['mean', 'var'] %}
        case {% for test in tests %}when test_list.test = '{{ test }}' then {{ 'cuped_' if test.startswith('cuped') else '' }}{{ column }}_{{ side }} {% endfor %}end as test_{{ column }}_{{ side }}{% if not (loop.last and side == 'b') %},{% endif %}
        {%- endfor %}
        {%- endfor %}
    from {{ 'adjusted' if cuped else 'paired' }} as compared_rows
    cross join test_list
),

test_inputs as (
    select
        {% for column in keys %}{{ column }}, {% endfor %}
        test,
        case when test like '%absolute' then test_mean_b - test_mean_a else (test_mean_b - test_mean_a) / mean_a end as estimate,
        {#- the relative difference's delta-method variance reads the unadjusted means (gbstats) #}
        case when test like '%absolute' then test_var_b / n_b + test_var_a / n_a
            else test_var_b / (mean_a * mean_a * n_b) + test_var_a * mean_b * mean_b / (mean_a * mean_a * mean_a * mean_a * n_a) end as variance,
        {#- Welch-Satterthwaite #}
        (test_var_b / n_b + test_var_a / n_a) * (test_var_b / n_b + test_var_a / n_a)
            / (test_var_b * test_var_b / (cast(n_b as {{ double }}) * n_b * (n_b - 1))
                + test_var_a * test_var_a / (cast(n_a as {{ double }}) * n_a * (n_a - 1))) as degrees_of_freedom
    from test_arms
    where n_a >= 2 and n_b >= 2
        and test_mean_a is not null and test_mean_b is not null
        and test_var_a > 0 and test_var_b > 0
        and mean_a <> 0 and test_mean_a <> 0
),

t_statistics as (
    select
        test_inputs.*,
        estimate / sqrt(variance) as t_statistic
    from test_inputs
),

t_p_values as (
    {{ search_metrics.student_t_tail('t_statistics', keys + ['test'], 't_statistic', 'degrees_of_freedom') | indent(4) }}
),

t_quantiles as (
    {{ search_metrics.student_t_quantile('t_statistics', keys + ['test'], 'degrees_of_freedom', 1 - alpha / 2) | indent(4) }}
),

tests as (
    select
        t_statistics.*,
        t_p_values.p_value,
        t_statistics.estimate - t_quantiles.t_quantile * sqrt(t_statistics.variance) as ci_low,
        t_statistics.estimate + t_quantiles.t_quantile * sqrt(t_statistics.variance) as ci_high
    from t_statistics
    inner join t_p_values
        on {% for column in keys + ['test'] %}t_p_values.{{ column }} = t_statistics.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
    inner join t_quantiles
        on {% for column in keys + ['test'] %}t_quantiles.{{ column }} = t_statistics.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
),

test_columns as (
    select
        {% for column in keys %}{{ column }}{% if not loop.last %}, {% endif %}{% endfor %}
        {%- for test in tests %}
        {%- for column in ['estimate', 'variance', 'degrees_of_freedom', 't_statistic', 'p_value', 'ci_low', 'ci_high'] %},
        max(case when test = '{{ test }}' then {{ column }} end) as {{ test }}_{{ column }}
        {%- endfor %}
        {%- endfor %}
    from tests
    group by {% for column in keys %}{{ column }}{% if not loop.last %}, {% endif %}{% endfor %}
),

compared as (
    select
        {{ 'adjusted' if cuped else 'paired' }}.*,
        {%- for test in tests %}
        {%- set i = loop.index %}
        {%- for column in ['estimate', 'variance', 'degrees_of_freedom', 't_statistic', 'p_value', 'ci_low', 'ci_high'] %}
        test_columns.{{ test }}_{{ column }}{% if not (loop.last and i == tests | length) %},{% endif %}
        {%- endfor %}
        {%- endfor %}
    from {{ 'adjusted' if cuped else 'paired' }}
    left join test_columns
        on {% for column in keys %}test_columns.{{ column }} = {{ 'adjusted' if cuped else 'paired' }}.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
),

adjusted_p_values as (
    {{ search_metrics.adjust_p_values('compared', keys, ['experiment', 'baseline', 'candidate', 'search_type'],
        ['absolute_p_value'] + (['cuped_absolute_p_value'] if cuped else [])) | indent(4) }}
),

sample_ratios as (
    select experiment, max(p_value) as srm_p_value, max(case when srm_passed then 1 else 0 end) as srm_passed
    from {{ ref('search_experiment_sample_ratios') }}
    group by experiment
)

select
    adjusted_p_values.experiment,
    adjusted_p_values.baseline,
    adjusted_p_values.candidate,
    adjusted_p_values.search_type,
    adjusted_p_values.metric,
    adjusted_p_values.factor,
    adjusted_p_values.metric_kind,
    cast(adjusted_p_values.n_a as {{ dbt.type_bigint() }}) as n_baseline_units,
    cast(adjusted_p_values.n_b as {{ dbt.type_bigint() }}) as n_candidate_units,
    {{ search_metrics.as_double('adjusted_p_values.mean_a') }} as baseline_mean,
    {{ search_metrics.as_double('adjusted_p_values.mean_b') }} as candidate_mean,
    case when adjusted_p_values.var_a >= 0 then {{ search_metrics.as_double('sqrt(adjusted_p_values.var_a / adjusted_p_values.n_a)') }} end as baseline_standard_error,
    case when adjusted_p_values.var_b >= 0 then {{ search_metrics.as_double('sqrt(adjusted_p_values.var_b / adjusted_p_values.n_b)') }} end as candidate_standard_error,
    {{ search_metrics.as_double('adjusted_p_values.absolute_estimate') }} as absolute_difference,
    {{ search_metrics.as_double('adjusted_p_values.absolute_ci_low') }} as absolute_ci_low,
    {{ search_metrics.as_double('adjusted_p_values.absolute_ci_high') }} as absolute_ci_high,
    {{ search_metrics.as_double('adjusted_p_values.relative_estimate') }} as relative_difference,
    {{ search_metrics.as_double('adjusted_p_values.relative_ci_low') }} as relative_ci_low,
    {{ search_metrics.as_double('adjusted_p_values.relative_ci_high') }} as relative_ci_high,
    {{ search_metrics.as_double('adjusted_p_values.absolute_degrees_of_freedom') }} as degrees_of_freedom,
    {{ search_metrics.as_double('adjusted_p_values.absolute_t_statistic') }} as t_statistic,
    {{ search_metrics.as_double('adjusted_p_values.absolute_p_value') }} as p_value,
    {{ search_metrics.as_double('adjusted_p_values.relative_p_value') }} as relative_p_value,
    {{ search_metrics.as_double('adjusted_p_values.absolute_p_value_holm') }} as p_value_holm,
    {{ search_metrics.as_double('adjusted_p_values.absolute_p_value_bh') }} as p_value_bh,
    {{ search_metrics.as_double(z_sum ~ ' * sqrt(adjusted_p_values.absolute_variance)') }} as minimum_detectable_effect,
    {{ search_metrics.as_double(z_sum ~ ' * sqrt(adjusted_p_values.absolute_variance) / abs(adjusted_p_values.mean_a)') }} as relative_minimum_detectable_effect,
    {{ search_metrics.as_double('sample_ratios.srm_p_value') }} as srm_p_value,
    case when sample_ratios.srm_p_value is null then cast(null as {{ dbt.type_boolean() }})
        else sample_ratios.srm_passed = 1 end as srm_passed,
    {%- if cuped %}
    {{ search_metrics.as_double('adjusted_p_values.theta') }} as cuped_theta,
    {{ search_metrics.as_double('adjusted_p_values.cuped_mean_a') }} as cuped_baseline_mean,
    {{ search_metrics.as_double('adjusted_p_values.cuped_mean_b') }} as cuped_candidate_mean,
    {{ search_metrics.as_double('adjusted_p_values.cuped_absolute_estimate') }} as cuped_absolute_difference,
    {{ search_metrics.as_double('adjusted_p_values.cuped_absolute_ci_low') }} as cuped_absolute_ci_low,
    {{ search_metrics.as_double('adjusted_p_values.cuped_absolute_ci_high') }} as cuped_absolute_ci_high,
    {{ search_metrics.as_double('adjusted_p_values.cuped_relative_estimate') }} as cuped_relative_difference,
    {{ search_metrics.as_double('adjusted_p_values.cuped_relative_ci_low') }} as cuped_relative_ci_low,
    {{ search_metrics.as_double('adjusted_p_values.cuped_relative_ci_high') }} as cuped_relative_ci_high,
    {{ search_metrics.as_double('adjusted_p_values.cuped_absolute_p_value') }} as cuped_p_value,
    {{ search_metrics.as_double('adjusted_p_values.cuped_absolute_p_value_holm') }} as cuped_p_value_holm,
    {{ search_metrics.as_double('adjusted_p_values.cuped_absolute_p_value_bh') }} as cuped_p_value_bh,
    {{ search_metrics.as_double('1 - adjusted_p_values.cuped_absolute_variance / adjusted_p_values.absolute_variance') }} as variance_reduction
    {%- else %}
    {%- for column in ['cuped_theta', 'cuped_baseline_mean', 'cuped_candidate_mean', 'cuped_absolute_difference',
        'cuped_absolute_ci_low', 'cuped_absolute_ci_high', 'cuped_relative_difference', 'cuped_relative_ci_low',
        'cuped_relative_ci_high', 'cuped_p_value', 'cuped_p_value_holm', 'cuped_p_value_bh', 'variance_reduction'] %}
    cast(null as {{ double }}) as {{ column }}{% if not loop.last %},{% endif %}
    {%- endfor %}
    {%- endif %}
from adjusted_p_values
left join sample_ratios on sample_ratios.experiment = adjusted_p_values.experiment
{%- endif %}
