"""Contender for the experiments benchmark: the floor, hand-written DuckDB SQL from the Parquet files to the
scorecard of one A/B experiment (the least work a correct implementation of docs/experiments.md must do).

One process, a few statements over the same inputs, with the package's definitions (searches not dated in the
future; clicks of known searches, not in the future, at most max_delay seconds after their search, a repeated
click on a position counted once; days = date of searched_at; per search type and for '(all)'):
  1. per unit (user): its buckets (a unit in two buckets is contaminated: excluded) and first day; the experiment's
     first day = the earliest of its single-bucket units';
  2. per (unit, search type): the unit's sums of the per-search counts that need no click, over its bucketed
     searches and, for CUPED, over its searches of the cuped_days days before the first day (one pass);
  3. the same for the click counts: per clicked search the distinct clicked positions, the first one, seconds to
     the first click, PaulScore's nu = sum F^(p - 1) per factor (the clicks grouped by position, joined to their
     searches once), summed per (unit, search type); then the single-bucket units' rows and their '(all)' rows;
  4. per (bucket, search type): for each metric, n and the delta-method sums (m, m2, d, d2, md and the pre-period
     x, x2, y, y2, xy, mx, my, dx, dy); then per arm the mean and per-unit variance, per (baseline, candidate) the
     Welch comparison (absolute and relative: difference, variance, df, t, normal p-value, 1.96 intervals), the
     MDE, CUPED (theta as in the package, adjusted means, variance, t, p), Holm and BH over the metrics, and the
     sample-ratio chi-square per experiment.
Writes <prefix>_buckets.parquet, <prefix>_results.parquet and <prefix>_sample_ratios.parquet.
Usage: python experiments_floor_contender.py <searches> <clicks> <out_prefix> [memory_limit] [temp_dir]
       [cuped_days] [unit_column]
"""
import sys
import time

import duckdb

FACTORS = [0.1, 0.5, 0.9]
FUTURE_TOLERANCE_SECONDS = 86400
MAX_DELAY_SECONDS = 86400
Z_SUM = 1.959963984540054 + 0.8416212335729143  # z_{1 - alpha/2} + z_power, alpha 0.05, power 0.8

# The per-search counts a unit sums (the package's experiment_search_columns).
COLUMNS = ["n_searches", "n_known_results", "n_zero_result", "n_with_results", "n_clicked_with_results",
           "n_clicked", "first_click_position", "n_clicked_positions", "seconds_to_first_click"] + [
    f"paulscore_{i}" for i in range(1, len(FACTORS) + 1)]
# (metric, factor, kind, numerator, denominator) over a unit's sums, {s} = the prefix ('' or 'pre_').
METRICS = [
    ("zero_result_rate", None, "ratio", "{s}n_zero_result", "{s}n_known_results"),
    ("clickthrough_rate", None, "ratio", "{s}n_clicked_with_results", "{s}n_with_results"),
    ("abandonment_rate", None, "ratio", "{s}n_with_results - {s}n_clicked_with_results", "{s}n_with_results"),
    ("mean_first_click_position", None, "ratio", "{s}first_click_position", "{s}n_clicked"),
    ("clicks_per_search", None, "ratio", "{s}n_clicked_positions", "{s}n_searches"),
    ("mean_seconds_to_first_click", None, "ratio", "{s}seconds_to_first_click", "{s}n_clicked"),
] + [("paulscore", f, "ratio", f"{{s}}paulscore_{i}", "{s}n_searches") for i, f in enumerate(FACTORS, 1)] + [
    ("searches_per_unit", None, "unit", "{s}n_searches", "1"),
    ("clicked_unit_rate", None, "unit", "case when {s}n_clicked > 0 then 1 else 0 end", "1"),
]
# The delta-method sums per (bucket, search type, metric): name -> the product of a unit's m, d (post) and x, y (pre).
SUMS = {"m": ["m"], "m2": ["m", "m"], "d": ["d"], "d2": ["d", "d"], "md": ["m", "d"], "x": ["x"], "x2": ["x", "x"],
        "y": ["y"], "y2": ["y", "y"], "xy": ["x", "y"], "mx": ["m", "x"], "my": ["m", "y"], "dx": ["d", "x"],
        "dy": ["d", "y"]}


def normal_p(t):
    """Two-sided normal p-value of t: erfc(|t| / sqrt 2) by Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7)."""
    z = f"(abs({t}) / sqrt(2))"
    k = f"(1 / (1 + 0.3275911 * {z}))"
    poly = f"({k} * (0.254829592 + {k} * (-0.284496736 + {k} * (1.421413741 + {k} * (-1.453152027 + {k} * 1.061405429)))))"
    return f"({poly} * exp(-{z} * {z}))"


def main(searches, clicks, prefix, memory_limit="8GB", temp_dir=None, cuped_days="3", unit_column="user_id"):
    cuped_days = int(cuped_days)
    con = duckdb.connect()
    con.execute(f"set memory_limit = '{memory_limit}'")
    if temp_dir:
        con.execute(f"set temp_directory = '{temp_dir}'")
    con.execute("set preserve_insertion_order = false")
    timings = []

    def run(name, sql):
        started = time.perf_counter()
        con.execute(sql)
        timings.append((name, time.perf_counter() - started))

    limit = f"(cast(now() as timestamp) + to_seconds({FUTURE_TOLERANCE_SECONDS}))"
    con.execute(f"""
        create temp view searches as
        select cast(search_id as varchar) as search_id, cast({unit_column} as varchar) as unit_id,
            cast(bucket as varchar) as bucket, searched_at, cast(searched_at as date) as search_date,
            search_type, n_results
        from read_parquet('{searches}')
        where searched_at <= {limit}
    """)
    # 1. units: one bucket or contaminated; the experiment's first day (CUPED's pre-period ends there)
    run("units", """
        create temp table units as
        select unit_id, min(bucket) as bucket, min(bucket) = max(bucket) as single, min(search_date) as first_date
        from searches
        where bucket is not null and unit_id is not null
        group by unit_id
    """)
    first_date = con.execute("select min(first_date) from units where single").fetchone()[0]
    # the searches a unit sum reads: bucketed (post) or in the cuped_days days before the first day (pre, any bucket)
    pre = f"search_date >= date '{first_date}' - {cuped_days} and search_date < date '{first_date}'"
    read = f"unit_id is not null and (bucket is not null or ({pre}))"

    def split(columns):
        return ",\n            ".join(
            [f"sum({sql}) filter (where bucket is not null) as {c}" for c, sql in columns.items()]
            + [f"sum({sql}) filter (where {pre}) as pre_{c}" for c, sql in columns.items()])

    # 2. per (unit, search type), the counts that need no click: one pass over the searches
    search_columns = {
        "n_searches": "1",
        "n_known_results": "case when n_results is not null then 1 else 0 end",
        "n_zero_result": "case when n_results = 0 then 1 else 0 end",
        "n_with_results": "case when n_results > 0 then 1 else 0 end",
    }
    run("search_sums", f"""
        create temp table search_sums as
        select unit_id, search_type, {split(search_columns)}
        from searches
        where {read}
        group by unit_id, search_type
    """)
    # 3. per (unit, search type), the click counts: the clicked positions (earliest click each; a position is kept
    # when its earliest click is, as both rules are upper bounds on the click time) joined to their searches once,
    # one row per clicked search, summed per unit
    nu = ", ".join(f"sum(power({f}, position - 1)) as paulscore_{i}" for i, f in enumerate(FACTORS, 1))
    click_columns = {
        "n_clicked_with_results": "case when n_results > 0 then 1 else 0 end",
        "n_clicked": "1",
        "first_click_position": "first_click_position",
        "n_clicked_positions": "n_clicked_positions",
        "seconds_to_first_click": "seconds_to_first_click",
    }
    click_columns.update({f"paulscore_{i}": f"paulscore_{i}" for i in range(1, len(FACTORS) + 1)})
    run("click_sums", f"""
        create temp table click_sums as
        with positions as (
            select cast(search_id as varchar) as search_id, position, min(clicked_at) as clicked_at
            from read_parquet('{clicks}')
            group by all
        ),
        clicked_searches as (
            select
                any_value(searches.unit_id) as unit_id, any_value(searches.bucket) as bucket,
                any_value(searches.search_type) as search_type, any_value(searches.search_date) as search_date,
                any_value(searches.n_results) as n_results,
                count(*) as n_clicked_positions, min(positions.position) as first_click_position,
                (epoch_us(min(positions.clicked_at)) - epoch_us(any_value(searches.searched_at))) / 1000000.0
                    as seconds_to_first_click,
                {nu}
            from positions
            inner join searches on searches.search_id = positions.search_id
            where positions.clicked_at <= {limit}
                and epoch_us(positions.clicked_at) - epoch_us(searches.searched_at) <= {MAX_DELAY_SECONDS * 1000000}
            group by searches.search_id
        )
        select unit_id, search_type, {split(click_columns)}
        from clicked_searches
        where {read}
        group by unit_id, search_type
    """)
    # the units with one bucket: per search type where the unit has a bucketed search, and '(all)'
    columns = COLUMNS + [f"pre_{c}" for c in COLUMNS]
    run("unit_sums", f"""
        create temp table unit_sums as
        with per_type as (
            select search_sums.unit_id, units.bucket, search_sums.search_type,
                {", ".join(f"coalesce({c}, 0) as {c}" for c in columns)}
            from search_sums
            inner join units on units.unit_id = search_sums.unit_id and units.single
            left join click_sums on click_sums.unit_id = search_sums.unit_id
                and click_sums.search_type = search_sums.search_type
        )
        select * from per_type where n_searches > 0
        union all
        select unit_id, bucket, '(all)', {", ".join(f"sum({c})" for c in columns)}
        from per_type
        group by unit_id, bucket
        having sum(n_searches) > 0
    """)
    # 4. bucket moments, per metric
    values = ",\n            ".join(
        f"cast({num.format(s=p)} as double) as {v}_{i}, cast({den.format(s=p)} as double) as {w}_{i}"
        for i, (_, _, _, num, den) in enumerate(METRICS, 1) for p, v, w in (("", "m", "d"), ("pre_", "x", "y")))
    aggregates = ",\n            ".join(
        f"sum({' * '.join(f'{v}_{i}' for v in factors)}) as sum_{name}_{i}"
        for i in range(1, len(METRICS) + 1) for name, factors in SUMS.items())
    run("bucket_sums", f"""
        create temp table bucket_sums as
        select bucket, search_type, count(*) as n_units,
            {aggregates}
        from (select bucket, search_type, {values} from unit_sums) as unit_values
        group by bucket, search_type
    """)
    moments = "\n        union all\n        ".join(
        f"select bucket, search_type, {i} as metric_index, '{name}' as metric, "
        f"cast({'null' if factor is None else factor} as double) as factor, '{kind}' as metric_kind, "
        f"cast(n_units as double) as n, " + ", ".join(f"sum_{s}_{i} as sum_{s}" for s in SUMS) + " from bucket_sums"
        for i, (name, factor, kind, _, _) in enumerate(METRICS, 1))
    run("statistics", f"""
        create temp table arms as
        with moments as (
            {moments}
        ),
        covariances as (
            select *,
                {", ".join(f"case when n >= 2 then (sum_{s} - sum_{a} * sum_{b} / n) / (n - 1) end as cov_{a}{b}"
                           for s, a, b in [("m2", "m", "m"), ("d2", "d", "d"), ("md", "m", "d"), ("x2", "x", "x"),
                                           ("y2", "y", "y"), ("xy", "x", "y"), ("mx", "x", "m"), ("dx", "x", "d"),
                                           ("my", "y", "m"), ("dy", "y", "d")])},
                sum_m / n as m_bar, sum_d / n as d_bar, sum_x / n as x_bar, sum_y / n as y_bar
            from moments
        )
        select *,
            case when sum_d <> 0 then sum_m / sum_d end as mean,
            case when d_bar <> 0 then cov_mm / (d_bar * d_bar) - 2 * cov_md * m_bar / (d_bar * d_bar * d_bar)
                + m_bar * m_bar * cov_dd / (d_bar * d_bar * d_bar * d_bar) end as variance,
            case when sum_y <> 0 then sum_x / sum_y end as pre_mean,
            case when y_bar <> 0 and d_bar <> 0 then cov_xx / (y_bar * y_bar) - 2 * cov_xy * x_bar / (y_bar * y_bar * y_bar)
                + x_bar * x_bar * cov_yy / (y_bar * y_bar * y_bar * y_bar) end as pre_variance,
            case when y_bar <> 0 and d_bar <> 0 then (cov_xm / d_bar - cov_xd * m_bar / (d_bar * d_bar)) / y_bar
                - x_bar / (y_bar * y_bar) * (cov_ym / d_bar - cov_yd * m_bar / (d_bar * d_bar)) end as pre_covariance
        from covariances
    """)
    con.execute(f"""
        copy (
            select '(all)' as experiment, bucket, search_type, metric, factor, metric_kind, cast(n as bigint) as n_units,
                sum_m as numerator_sum, sum_d as denominator_sum, mean, variance,
                case when variance >= 0 then sqrt(variance / n) end as standard_error
            from arms
        ) to '{prefix}_buckets.parquet' (format parquet)
    """)
    tests = []
    for c in ("", "cuped_"):
        for kind in ("absolute", "relative"):
            if kind == "absolute":
                estimate, variance = f"{c}mean_b - {c}mean_a", f"{c}var_b / n_b + {c}var_a / n_a"
            else:
                estimate = f"({c}mean_b - {c}mean_a) / mean_a"
                variance = f"{c}var_b / (mean_a * mean_a * n_b) + {c}var_a * mean_b * mean_b / (mean_a * mean_a * mean_a * mean_a * n_a)"
            defined = (f"n_a >= 2 and n_b >= 2 and {c}mean_a is not null and {c}mean_b is not null "
                       f"and {c}var_a > 0 and {c}var_b > 0 and mean_a <> 0 and {c}mean_a <> 0")
            name = f"{c}{kind}"
            df = (f"({c}var_b / n_b + {c}var_a / n_a) * ({c}var_b / n_b + {c}var_a / n_a) / ({c}var_b * {c}var_b / (n_b * n_b * (n_b - 1))"
                  f" + {c}var_a * {c}var_a / (n_a * n_a * (n_a - 1)))")
            tests.append(f"""
                case when {defined} then {estimate} end as {name}_estimate,
                case when {defined} then {variance} end as {name}_variance,
                case when {defined} then {df} end as {name}_df,
                case when {defined} then ({estimate}) / sqrt({variance}) end as {name}_t""")
    run("results", f"""
        copy (
            with pairs as (
                select a.bucket as baseline, b.bucket as candidate
                from (select min(bucket) as bucket from units where single) as a
                inner join (select distinct bucket from units where single) as b on b.bucket <> a.bucket
            ),
            paired as (
                select pairs.baseline, pairs.candidate, a.search_type, a.metric_index, a.metric, a.factor, a.metric_kind,
                    a.n as n_a, b.n as n_b, a.mean as mean_a, b.mean as mean_b, a.variance as var_a, b.variance as var_b,
                    a.pre_mean as pre_mean_a, b.pre_mean as pre_mean_b, a.pre_variance as pre_var_a,
                    b.pre_variance as pre_var_b, a.pre_covariance as pre_cov_a, b.pre_covariance as pre_cov_b,
                    a.n + b.n as joint_n, a.sum_m + b.sum_m as joint_m, a.sum_m2 + b.sum_m2 as joint_m2,
                    a.sum_x + b.sum_x as joint_x, a.sum_x2 + b.sum_x2 as joint_x2, a.sum_mx + b.sum_mx as joint_mx
                from pairs
                inner join arms as a on a.bucket = pairs.baseline
                inner join arms as b on b.bucket = pairs.candidate and b.search_type = a.search_type
                    and b.metric_index = a.metric_index
            ),
            thetas as (
                select *,
                    case when metric_kind = 'unit' then
                        case when joint_n < 2 or joint_x2 - joint_x * joint_x / joint_n = 0
                                or joint_m2 - joint_m * joint_m / joint_n = 0 then 0
                            else (joint_mx - joint_m * joint_x / joint_n) / (joint_x2 - joint_x * joint_x / joint_n) end
                    else
                        case when coalesce(pre_var_a, 0) + coalesce(pre_var_b, 0) = 0 then 0
                            when abs((coalesce(pre_cov_a, 0) + coalesce(pre_cov_b, 0))
                                / (coalesce(pre_var_a, 0) + coalesce(pre_var_b, 0))) < 1e-8 then 0
                            else (coalesce(pre_cov_a, 0) + coalesce(pre_cov_b, 0)) / (coalesce(pre_var_a, 0) + coalesce(pre_var_b, 0)) end
                    end as theta
                from paired
            ),
            adjusted as (
                select *,
                    case when theta = 0 then mean_a when pre_mean_a is not null then mean_a - theta * pre_mean_a end as cuped_mean_a,
                    case when theta = 0 then mean_b when pre_mean_b is not null then mean_b - theta * pre_mean_b end as cuped_mean_b,
                    case when theta = 0 then var_a when pre_var_a is not null and pre_cov_a is not null
                        then var_a + theta * theta * pre_var_a - 2 * theta * pre_cov_a end as cuped_var_a,
                    case when theta = 0 then var_b when pre_var_b is not null and pre_cov_b is not null
                        then var_b + theta * theta * pre_var_b - 2 * theta * pre_cov_b end as cuped_var_b
                from thetas
            ),
            tested as (
                select *, {",".join(tests)}
                from adjusted
            ),
            p_values as (
                select *,
                    {normal_p('absolute_t')} as p_value, {normal_p('relative_t')} as relative_p_value,
                    {normal_p('cuped_absolute_t')} as cuped_p_value
                from tested
            ),
            ranked as (
                select *,
                    count(p_value) over family as m_raw,
                    row_number() over (family order by p_value nulls last, metric_index) as rank_raw,
                    count(cuped_p_value) over family as m_cuped,
                    row_number() over (family order by cuped_p_value nulls last, metric_index) as rank_cuped
                from p_values
                window family as (partition by baseline, candidate, search_type)
            )
            select '(all)' as experiment, baseline, candidate, search_type, metric, factor, metric_kind,
                cast(n_a as bigint) as n_baseline_units, cast(n_b as bigint) as n_candidate_units,
                mean_a as baseline_mean, mean_b as candidate_mean,
                case when var_a >= 0 then sqrt(var_a / n_a) end as baseline_standard_error,
                case when var_b >= 0 then sqrt(var_b / n_b) end as candidate_standard_error,
                absolute_estimate as absolute_difference,
                absolute_estimate - 1.96 * sqrt(absolute_variance) as absolute_ci_low,
                absolute_estimate + 1.96 * sqrt(absolute_variance) as absolute_ci_high,
                relative_estimate as relative_difference,
                relative_estimate - 1.96 * sqrt(relative_variance) as relative_ci_low,
                relative_estimate + 1.96 * sqrt(relative_variance) as relative_ci_high,
                absolute_df as degrees_of_freedom, absolute_t as t_statistic, p_value, relative_p_value,
                case when p_value is not null then least(1, max((m_raw - rank_raw + 1) * p_value) over (
                    partition by baseline, candidate, search_type order by p_value nulls last, metric_index
                    rows between unbounded preceding and current row)) end as p_value_holm,
                case when p_value is not null then least(1, min(m_raw * p_value / rank_raw) over (
                    partition by baseline, candidate, search_type order by p_value nulls last, metric_index
                    rows between current row and unbounded following)) end as p_value_bh,
                {Z_SUM} * sqrt(absolute_variance) as minimum_detectable_effect,
                {Z_SUM} * sqrt(absolute_variance) / abs(mean_a) as relative_minimum_detectable_effect,
                theta as cuped_theta, cuped_mean_a as cuped_baseline_mean, cuped_mean_b as cuped_candidate_mean,
                cuped_absolute_estimate as cuped_absolute_difference,
                cuped_absolute_t as cuped_t_statistic, cuped_absolute_df as cuped_degrees_of_freedom,
                cuped_relative_estimate as cuped_relative_difference, cuped_p_value,
                case when cuped_p_value is not null then least(1, max((m_cuped - rank_cuped + 1) * cuped_p_value) over (
                    partition by baseline, candidate, search_type order by cuped_p_value nulls last, metric_index
                    rows between unbounded preceding and current row)) end as cuped_p_value_holm,
                case when cuped_p_value is not null then least(1, min(m_cuped * cuped_p_value / rank_cuped) over (
                    partition by baseline, candidate, search_type order by cuped_p_value nulls last, metric_index
                    rows between current row and unbounded following)) end as cuped_p_value_bh,
                1 - cuped_absolute_variance / absolute_variance as variance_reduction
            from ranked
        ) to '{prefix}_results.parquet' (format parquet)
    """)
    # the sample-ratio check: units per bucket against equal shares, df = buckets - 1
    run("sample_ratios", f"""
        copy (
            with buckets as (
                select bucket, count(*) filter (where single) as n_units, count(*) filter (where not single) as n_contaminated
                from units group by bucket
            ),
            expected as (
                select bucket, n_units, sum(n_units) over () / count(*) over () as expected_units,
                    count(*) over () - 1 as degrees_of_freedom, sum(n_contaminated) over () as n_contaminated_units
                from buckets where n_units > 0
            )
            select '(all)' as experiment, bucket, n_units, expected_units,
                sum((n_units - expected_units) * (n_units - expected_units) / expected_units) over () as chi_square,
                degrees_of_freedom, n_contaminated_units
            from expected
        ) to '{prefix}_sample_ratios.parquet' (format parquet)
    """)
    for name, seconds in timings:
        print(f"{name}: {seconds:.2f} s", flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
