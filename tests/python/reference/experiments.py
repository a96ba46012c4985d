"""Reference (oracle) implementation of the A/B experiments family (models/experiments/), written from its design
(the issue "A/B experiments on every search metric": metric table, exclusions, statistics, CUPED, SRM, sequential,
dwell), not from the SQL.

Plain Python loops over the definitions, standard library only (scipy only for the Student t CDF and quantile of
the Welch test, imported when called), never the SQL. The per-search session outcomes (satisfied clicks, returns,
reformulations, seconds to the first click, dwells) are reference.online's (session_search_rows, first_clicks,
click_dwells), PaulScore's ν is reference.clicks.search_score, Kaplan-Meier is reference.online.kaplan_meier and
Holm / Benjamini-Hochberg are reference.comparisons.holm / benjamini_hochberg: one definition each.
The outside references these numbers are checked against: gbstats 0.8.0 (reference/gbstats_bridge.py), scipy's
chisquare, lifelines (Kaplan-Meier, log-rank), statsmodels (Holm, BH).

Inputs
------
searches:     {search_id (unique), session_id, searched_at (datetime), search_type (str), n_results (int | None),
               <bucket column>, <unit column> (optional), <experiment column> (optional), <query column> (optional)}
clicks:       {search_id, position (int >= 1), clicked_at (datetime)}
page_visits:  {search_id, position, visit_end_at (datetime)} (optional)

Conventions (where the design leaves a choice, the choice made here; the SQL must make the same or say why not)
-----------
* Text: bucket, unit_id and experiment are str() of the column's value (the SQL's as_text); without an experiment
  column every search is in the experiment '(all)'; without a unit column the unit is the session_id.
* Exclusions, in this order, each search counted once under the first that applies: 'null_experiment' (experiment
  column set, value null; counted with experiment None), 'null_bucket', 'null_unit' (the unit column's value is
  null), 'contaminated_unit' (the unit has searches in two or more buckets of the experiment, over every search
  type and day: every search of that unit in that experiment). Counts: {(experiment, reason): searches}.
* first_day = the earliest search_date (date of searched_at) of the experiment's searches after exclusions.
* A unit of (experiment, bucket, search_type) has at least one search there; search_type '(all)' takes every type.
* Per search (metric: numerator, denominator), as the design's table; "clicked" = a distinct clicked position of
  the search (reference.clicks / online: repeated clicks count once, clicks of unknown searches are ignored):
  zero_result_rate (n_results = 0, n_results not null), clickthrough_rate (n_results > 0 and clicked,
  n_results > 0), abandonment_rate (n_results > 0 and not clicked, n_results > 0), mean_first_click_position
  (smallest clicked position, clicked), clicks_per_search (distinct clicked positions, 1),
  mean_seconds_to_first_click (first clicked_at - searched_at in seconds, clicked), paulscore factor F
  (Σ F^(p-1) over the distinct clicked positions, 1); sessions family: satisfied_click_rate (n_satisfied_clicks,
  n_clicks), return_rate (returning, clicked), reformulation_rate (reformulated, has a query; only with a query
  column). The session outcomes are computed over EVERY search of the input (a return or reformulation may involve a
  search outside the experiment), then the experiment's searches are kept.
  Per unit: the sums of those over the unit's searches; searches_per_unit (kind 'unit'): its searches;
  clicked_unit_rate (kind 'unit'): 1 if one of its searches is clicked; threshold_pass_rate (kind 'ratio'): 1 if
  it has a satisfied click / 1 if it has a click (dwell row). Kind 'unit' has d = 1 per unit.
* CUPED (cuped_days = k): the unit's pre value (x, y) is the same metric over the input's searches of the same
  unit_id with first_day - k <= search_date < first_day, any experiment, bucket or none, excluded or not, of the
  same search_type ('(all)': every type). No pre search: x = y = 0. For kind 'unit', y = 1 if the unit has a pre
  search, else 0 (gbstats' RegressionAdjustedStatistic reads only x).
* Statistics per arm (bucket sums n, Σm, Σm², Σd, Σd², Σmd, ...): computed in exact fractions from the float
  sums, then rounded once, so a constant metric has variance exactly 0. mean = Σm/Σd (None when Σd = 0);
  V = var_m/d̄² - 2 cov_md m̄/d̄³ + m̄² var_d/d̄⁴ with (n - 1) variances (None when n < 2 or d̄ = 0).
* A comparison's statistics are None (not gbstats' 0 / [0, 0] / p = 1) when the baseline's mean (adjusted or
  not) is 0 or None, an arm has n < 2, or an arm's V <= 0 or is None.
* Sequential rows: for every date with a search of the experiment (any bucket, any type), the cumulative units
  and sums over the searches dated up to it; a row when both arms have at least one unit of that search_type.
* Sample ratios: the units of an experiment per bucket (search_type '(all)'), shares normalized over the buckets
  seen (a bucket seen but missing from expected_shares is an error); chi-square with df = buckets - 1 (None with
  one bucket).
* Dwells: reference.online.click_dwells over every search of the input (a dwell ends at the day-session's next
  event), kept for the clicks of the experiment's searches; Kaplan-Meier per (experiment, bucket, search_type) at
  the check-ins as search_dwell_survival; log-rank of baseline against candidate on the clicks (censored clicks
  are censored at their dwell, 0 s).

Public API
----------
METRICS, DEFAULT_FACTORS, ALL_TYPES
metric_keys(factors=DEFAULT_FACTORS, sessions=True, query_column=None)      [(metric, kind, factor)]
ExperimentLog(searches, clicks, page_visits=None, *, bucket_column="bucket", unit_column=None,
              experiment_column=None, query_column=None, factors=DEFAULT_FACTORS, sessions=True, cuped_days=None,
              dwell_threshold_seconds=10, return_window_seconds=600, reformulation_gap_seconds=300)
    .search_values()            {search_id: {(metric, factor): (numerator, denominator)}}, every search
    .experiment_searches()      [{search_id, experiment, bucket, unit_id, search_date, search_type, values}]
    .exclusions()               {(experiment | None, reason): searches}
    .contaminated_units()       {experiment: set of unit_id}
    .first_days()               {experiment: date}
    .buckets()                  {experiment: [bucket, ...] in code-point order}
    .dates()                    {experiment: [search_date, ...]}
    .unit_values(through_date=None)   [{experiment, bucket, unit_id, search_type, metric, kind, factor, m, d, x, y}]
    .bucket_sums(through_date=None)   {(experiment, bucket, search_type, metric, factor): sums row}
    .buckets_table()                  rows of search_experiment_buckets
    .results(baseline=None, alpha=0.05, power=0.8, expected_shares=None, srm_p_value=0.001)
                                      rows of search_experiment_results
    .sequential(baseline=None, alpha=0.05, sequential_tuning=5000)   rows of search_experiment_sequential
    .sample_ratios(expected_shares=None, srm_p_value=0.001)           rows of search_experiment_sample_ratios
    .dwells()                         [click_dwells row + experiment, bucket]
    .dwell_survival(checkin_seconds=DEFAULT_CHECKIN_SECONDS)          rows of search_experiment_dwell_survival
    .dwell_tests(baseline=None)                                       rows of search_experiment_dwell_tests
baseline_bucket(buckets, baseline, experiment)
sums(units)                                   the sums row of a list of {m, d[, x, y]}
arm_statistics(sums_row)                      {n, mean, variance, standard_error, ...}
welch(a, b, alpha=0.05, relative=False)       a, b: {n, mean, unadjusted_mean, variance}
minimum_detectable_effect(variance, alpha=0.05, power=0.8)
sequential_test(a, b, alpha=0.05, tuning=5000, relative=False)
unit_cuped(a_sums, b_sums), ratio_cuped(a_sums, b_sums)
compare(a_sums, b_sums, kind, alpha=0.05, power=0.8, cuped=False)   one comparison, every statistic
chi_square_sf(statistic, df), sample_ratio_test(units_by_bucket, expected_shares=None)
log_rank_test(times_a, censored_a, times_b, censored_b)
gbstats_case(a_sums, b_sums, kind, alpha=0.05, sequential_tuning=5000, cuped=None, case_id=None)
"""

from __future__ import annotations

import math
from datetime import timedelta
from fractions import Fraction
from statistics import NormalDist

from .clicks import search_score
from .comparisons import benjamini_hochberg, holm
from .online import (
    DEFAULT_CHECKIN_SECONDS,
    _seconds,
    click_dwells,
    first_clicks,
    kaplan_meier,
    median_survival,
    session_search_rows,
    survival_at,
)

DEFAULT_FACTORS = (0.1, 0.5, 0.9)
ALL_TYPES = "(all)"
ALL_EXPERIMENTS = "(all)"
# (metric, kind, family), in the design's order
METRICS = (
    ("zero_result_rate", "ratio", "clicks"),
    ("clickthrough_rate", "ratio", "clicks"),
    ("abandonment_rate", "ratio", "clicks"),
    ("mean_first_click_position", "ratio", "clicks"),
    ("clicks_per_search", "ratio", "clicks"),
    ("mean_seconds_to_first_click", "ratio", "clicks"),
    ("paulscore", "ratio", "clicks"),
    ("satisfied_click_rate", "ratio", "sessions"),
    ("return_rate", "ratio", "sessions"),
    ("reformulation_rate", "ratio", "sessions"),
    ("searches_per_unit", "unit", "clicks"),
    ("clicked_unit_rate", "unit", "clicks"),
    ("threshold_pass_rate", "ratio", "sessions"),
)
KIND = {name: kind for name, kind, _ in METRICS}
# how a unit's value is made from its searches' values: "sum", or "max" (an indicator: the unit has one)
UNIT_AGGREGATE = {"clicked_unit_rate": "max", "threshold_pass_rate": "max"}
THETA_ZERO = 1e-8  # |theta| below this: GrowthBook main's ratio CUPED reverts to the raw ratio
SUM_NAMES = ("n", "sum_m", "sum_m2", "sum_d", "sum_d2", "sum_md")
PRE_SUM_NAMES = ("sum_x", "sum_x2", "sum_y", "sum_y2", "sum_xy", "sum_mx", "sum_my", "sum_dx", "sum_dy")


def metric_keys(factors=DEFAULT_FACTORS, sessions=True, query_column=None):
    """[(metric, kind, factor)] in the design's order: one paulscore row per factor (factor None elsewhere); the
    sessions family's metrics only with sessions=True, reformulation_rate only with a query column."""
    out = []
    for name, kind, family in METRICS:
        if family == "sessions" and not sessions:
            continue
        if name == "reformulation_rate" and query_column is None:
            continue
        if name == "paulscore":
            out.extend((name, kind, float(f)) for f in factors)
        else:
            out.append((name, kind, None))
    return out


def _text(value):
    return None if value is None else str(value)


# ---------------------------------------------------------------------------
# The log: per-search values, exclusions, units
# ---------------------------------------------------------------------------


class ExperimentLog:
    """The experiments' reference over one input log and one set of settings (module docstring)."""

    def __init__(self, searches, clicks, page_visits=None, *, bucket_column="bucket", unit_column=None,
                 experiment_column=None, query_column=None, factors=DEFAULT_FACTORS, sessions=True,
                 cuped_days=None, dwell_threshold_seconds=10, return_window_seconds=600,
                 reformulation_gap_seconds=300):
        self.searches = list(searches)
        self.clicks = list(clicks)
        self.page_visits = list(page_visits or [])
        self.bucket_column = bucket_column
        self.unit_column = unit_column
        self.experiment_column = experiment_column
        self.query_column = query_column
        self.factors = tuple(float(f) for f in factors)
        self.sessions = sessions
        self.cuped_days = cuped_days
        self.dwell_threshold_seconds = dwell_threshold_seconds
        self.return_window_seconds = return_window_seconds
        self.reformulation_gap_seconds = reformulation_gap_seconds
        self.metrics = metric_keys(self.factors, sessions, query_column)
        self._values = None
        self._assigned = None
        self._pre = None

    # -- per search ----------------------------------------------------------------------------------------------

    def search_values(self):
        """{search_id: {(metric, factor): (numerator, denominator)}} for every search of the input. The unit-level
        metrics carry their ingredients: searches_per_unit (1, 1), clicked_unit_rate (clicked, 1),
        threshold_pass_rate (has a satisfied click, has a click)."""
        if self._values is not None:
            return self._values
        first = first_clicks(self.searches, self.clicks)
        positions, first_at = {}, {}
        for (sid, position), at in first.items():
            positions.setdefault(sid, set()).add(position)
            if sid not in first_at or at < first_at[sid]:
                first_at[sid] = at
        session = {}
        if self.sessions:
            for row in session_search_rows(self.searches, self.clicks, self.page_visits,
                                           query_column=self.query_column,
                                           dwell_threshold_seconds=self.dwell_threshold_seconds,
                                           return_window_seconds=self.return_window_seconds,
                                           reformulation_gap_seconds=self.reformulation_gap_seconds):
                session[row["search_id"]] = row
        out = {}
        for search in self.searches:
            sid = search["search_id"]
            clicked_positions = positions.get(sid, set())
            clicked = 1 if clicked_positions else 0
            n_results = search["n_results"]
            with_results = 1 if n_results is not None and n_results > 0 else 0
            v = {
                ("zero_result_rate", None): (1 if n_results == 0 else 0, 0 if n_results is None else 1),
                ("clickthrough_rate", None): (with_results * clicked, with_results),
                ("abandonment_rate", None): (with_results * (1 - clicked), with_results),
                ("mean_first_click_position", None): (min(clicked_positions) if clicked else 0, clicked),
                ("clicks_per_search", None): (len(clicked_positions), 1),
                ("mean_seconds_to_first_click", None): (
                    _seconds(first_at[sid] - search["searched_at"]) if clicked else 0.0, clicked),
                ("searches_per_unit", None): (1, 1),
                ("clicked_unit_rate", None): (clicked, 1),
            }
            for factor in self.factors:
                v[("paulscore", factor)] = (search_score(clicked_positions, factor), 1)
            if self.sessions:
                row = session[sid]
                v[("satisfied_click_rate", None)] = (row["n_satisfied_clicks"], row["n_clicks"])
                v[("return_rate", None)] = (1 if row["returning"] else 0, clicked)
                if self.query_column is not None:
                    v[("reformulation_rate", None)] = (1 if row["reformulated"] else 0, 1 if row["has_query"] else 0)
                v[("threshold_pass_rate", None)] = (1 if row["n_satisfied_clicks"] else 0,
                                                    1 if row["n_clicks"] else 0)
            out[sid] = v
        self._values = out
        return out

    def _unit_id(self, search):
        return _text(search.get(self.unit_column) if self.unit_column else search["session_id"])

    # -- exclusions ----------------------------------------------------------------------------------------------

    def _assign(self):
        if self._assigned is not None:
            return self._assigned
        excluded = {}
        candidates = []
        for search in self.searches:
            if self.experiment_column is None:
                experiment = ALL_EXPERIMENTS
            else:
                experiment = _text(search.get(self.experiment_column))
            bucket = _text(search.get(self.bucket_column))
            unit_id = self._unit_id(search)
            reason = None
            if experiment is None:
                reason = "null_experiment"
            elif bucket is None:
                reason = "null_bucket"
            elif unit_id is None:
                reason = "null_unit"
            if reason is not None:
                excluded[(experiment, reason)] = excluded.get((experiment, reason), 0) + 1
                continue
            candidates.append((search, experiment, bucket, unit_id))
        unit_buckets = {}
        for _, experiment, bucket, unit_id in candidates:
            unit_buckets.setdefault((experiment, unit_id), set()).add(bucket)
        contaminated = {}
        for (experiment, unit_id), buckets in unit_buckets.items():
            if len(buckets) > 1:
                contaminated.setdefault(experiment, set()).add(unit_id)
        included = []
        for search, experiment, bucket, unit_id in candidates:
            if unit_id in contaminated.get(experiment, ()):
                key = (experiment, "contaminated_unit")
                excluded[key] = excluded.get(key, 0) + 1
                continue
            included.append({"search_id": search["search_id"], "experiment": experiment, "bucket": bucket,
                             "unit_id": unit_id, "search_date": search["searched_at"].date(),
                             "search_type": search["search_type"]})
        self._assigned = {"included": included, "excluded": excluded, "contaminated": contaminated}
        return self._assigned

    def experiment_searches(self):
        """The experiments' searches after exclusions, each with its per-search values."""
        values = self.search_values()
        return [{**row, "values": values[row["search_id"]]} for row in self._assign()["included"]]

    def exclusions(self):
        return dict(self._assign()["excluded"])

    def contaminated_units(self):
        return {e: set(units) for e, units in self._assign()["contaminated"].items()}

    def first_days(self):
        out = {}
        for row in self._assign()["included"]:
            e = row["experiment"]
            if e not in out or row["search_date"] < out[e]:
                out[e] = row["search_date"]
        return out

    def buckets(self):
        out = {}
        for row in self._assign()["included"]:
            out.setdefault(row["experiment"], set()).add(row["bucket"])
        return {e: sorted(b) for e, b in out.items()}

    def dates(self):
        out = {}
        for row in self._assign()["included"]:
            out.setdefault(row["experiment"], set()).add(row["search_date"])
        return {e: sorted(d) for e, d in out.items()}

    # -- units -----------------------------------------------------------------------------------------------------

    def _aggregate(self, search_values):
        """{(metric, factor): (m, d)} of one unit from its searches' values (None: no search)."""
        out = {}
        for metric, kind, factor in self.metrics:
            key = (metric, factor)
            pairs = [v[key] for v in search_values]
            if not pairs:
                out[key] = (0, 0)
            elif UNIT_AGGREGATE.get(metric) == "max":
                out[key] = (max(p[0] for p in pairs), max(p[1] for p in pairs))
            else:
                out[key] = (sum(p[0] for p in pairs), sum(p[1] for p in pairs))
            if kind == "unit":
                out[key] = (out[key][0], 1 if pairs else 0)
        return out

    def _pre_values(self):
        """{(experiment, unit_id, search_type): [values of its pre-period searches]} (CUPED on)."""
        if self.cuped_days is None:
            return {}
        if self._pre is not None:
            return self._pre
        values = self.search_values()
        firsts = self.first_days()
        units = {(row["experiment"], row["unit_id"]) for row in self._assign()["included"]}
        by_unit = {}
        for search in self.searches:
            unit_id = self._unit_id(search)
            if unit_id is not None:
                by_unit.setdefault(unit_id, []).append(search)
        out = {}
        for experiment, unit_id in units:
            start = firsts[experiment] - timedelta(days=self.cuped_days)
            for search in by_unit.get(unit_id, []):
                if start <= search["searched_at"].date() < firsts[experiment]:
                    for search_type in (search["search_type"], ALL_TYPES):
                        out.setdefault((experiment, unit_id, search_type), []).append(values[search["search_id"]])
        self._pre = out
        return out

    def unit_values(self, through_date=None):
        """One row per (experiment, bucket, unit_id, search_type incl. '(all)', metric, factor): m, d and, with
        CUPED on, x, y. through_date: only the experiment's searches dated up to it (the pre-period is unchanged)."""
        groups = {}
        for row in self.experiment_searches():
            if through_date is not None and row["search_date"] > through_date:
                continue
            for search_type in (row["search_type"], ALL_TYPES):
                key = (row["experiment"], row["bucket"], row["unit_id"], search_type)
                groups.setdefault(key, []).append(row["values"])
        pre = self._pre_values()
        out = []
        for (experiment, bucket, unit_id, search_type), values in sorted(groups.items()):
            post = self._aggregate(values)
            before = self._aggregate(pre.get((experiment, unit_id, search_type), [])) if self.cuped_days else None
            for metric, kind, factor in self.metrics:
                m, d = post[(metric, factor)]
                row = {"experiment": experiment, "bucket": bucket, "unit_id": unit_id, "search_type": search_type,
                       "metric": metric, "kind": kind, "factor": factor, "m": m, "d": d}
                if before is not None:
                    row["x"], row["y"] = before[(metric, factor)]
                out.append(row)
        return out

    def bucket_sums(self, through_date=None):
        """{(experiment, bucket, search_type, metric, factor): sums(units) plus kind}."""
        groups = {}
        for row in self.unit_values(through_date):
            key = (row["experiment"], row["bucket"], row["search_type"], row["metric"], row["factor"])
            groups.setdefault(key, []).append(row)
        return {key: {**sums(units), "kind": units[0]["kind"]} for key, units in groups.items()}

    def buckets_table(self):
        """Rows of search_experiment_buckets."""
        out = []
        for (experiment, bucket, search_type, metric, factor), s in sorted(self.bucket_sums().items(), key=_sort_key):
            stats = arm_statistics(s)
            out.append({"experiment": experiment, "bucket": bucket, "search_type": search_type, "metric": metric,
                        "factor": factor, "n_units": s["n"], "numerator_sum": s["sum_m"],
                        "denominator_sum": s["sum_d"], "mean": stats["mean"], "variance": stats["variance"],
                        "standard_error": stats["standard_error"]})
        return out

    # -- comparisons ---------------------------------------------------------------------------------------------

    def _pairs(self, baseline):
        for experiment, buckets in sorted(self.buckets().items()):
            base = baseline_bucket(buckets, baseline, experiment)
            if base is None:
                continue
            for candidate in buckets:
                if candidate != base:
                    yield experiment, base, candidate

    def results(self, baseline=None, alpha=0.05, power=0.8, expected_shares=None, srm_p_value=0.001):
        """Rows of search_experiment_results: every (experiment, baseline, candidate, search_type, metric, factor)
        where both arms have a unit; Holm and BH over the metrics of one (experiment, baseline, candidate,
        search_type); srm_* from sample_ratios."""
        table = self.bucket_sums()
        srm = {row["experiment"]: row for row in self.sample_ratios(expected_shares, srm_p_value)}
        types = {}
        for (experiment, bucket, search_type, _, _) in table:
            types.setdefault((experiment, bucket), set()).add(search_type)
        out = []
        for experiment, base, candidate in self._pairs(baseline):
            shared = sorted(types.get((experiment, base), set()) & types.get((experiment, candidate), set()))
            for search_type in shared:
                family = []
                for metric, kind, factor in self.metrics:
                    a = table[(experiment, base, search_type, metric, factor)]
                    b = table[(experiment, candidate, search_type, metric, factor)]
                    c = compare(a, b, kind, alpha, power, cuped=self.cuped_days is not None)
                    row = {"experiment": experiment, "baseline": base, "candidate": candidate,
                           "search_type": search_type, "metric": metric, "factor": factor, "metric_kind": kind,
                           **c, "srm_p_value": srm[experiment]["p_value"], "srm_passed": srm[experiment]["srm_passed"]}
                    family.append(row)
                for column in ("p_value", "cuped_p_value"):
                    values = [row[column] for row in family]
                    for row, h, bh in zip(family, holm(values), benjamini_hochberg(values)):
                        row[column + "_holm"], row[column + "_bh"] = h, bh
                out.extend(family)
        return out

    def sequential(self, baseline=None, alpha=0.05, sequential_tuning=5000):
        """Rows of search_experiment_sequential (raw, no CUPED)."""
        out = []
        pairs = list(self._pairs(baseline))
        for experiment, days in sorted(self.dates().items()):
            for day in days:
                table = self.bucket_sums(through_date=day)
                for e, base, candidate in pairs:
                    if e != experiment:
                        continue
                    for search_type in sorted({k[2] for k in table if k[0] == e}):
                        for metric, kind, factor in self.metrics:
                            a = table.get((e, base, search_type, metric, factor))
                            b = table.get((e, candidate, search_type, metric, factor))
                            if a is None or b is None:
                                continue
                            sa, sb = arm_statistics(a), arm_statistics(b)
                            absolute = sequential_test(sa, sb, alpha, sequential_tuning)
                            relative = sequential_test(sa, sb, alpha, sequential_tuning, relative=True)
                            out.append({
                                "experiment": e, "baseline": base, "candidate": candidate,
                                "search_type": search_type, "metric": metric, "factor": factor, "search_date": day,
                                "n_baseline_units": a["n"], "n_candidate_units": b["n"],
                                "baseline_mean": sa["mean"], "candidate_mean": sb["mean"],
                                "absolute_difference": absolute["difference"], "absolute_ci_low": absolute["ci_low"],
                                "absolute_ci_high": absolute["ci_high"],
                                "relative_difference": relative["difference"], "relative_ci_low": relative["ci_low"],
                                "relative_ci_high": relative["ci_high"], "p_value": absolute["p_value"]})
        return out

    def sample_ratios(self, expected_shares=None, srm_p_value=0.001):
        """Rows of search_experiment_sample_ratios (units of search_type '(all)')."""
        units = {}
        for row in self._assign()["included"]:
            units.setdefault(row["experiment"], {}).setdefault(row["bucket"], set()).add(row["unit_id"])
        contaminated = self._assign()["contaminated"]
        out = []
        for experiment, by_bucket in sorted(units.items()):
            test = sample_ratio_test({b: len(u) for b, u in by_bucket.items()}, expected_shares)
            for bucket in sorted(by_bucket):
                p = test["p_value"]
                out.append({"experiment": experiment, "bucket": bucket, "n_units": len(by_bucket[bucket]),
                            "expected_share": test["expected_share"][bucket],
                            "expected_units": test["expected_units"][bucket], "chi_square": test["chi_square"],
                            "degrees_of_freedom": test["degrees_of_freedom"], "p_value": p,
                            "srm_passed": None if p is None else p >= srm_p_value,
                            "n_contaminated_units": len(contaminated.get(experiment, ()))})
        return out

    # -- dwell -----------------------------------------------------------------------------------------------------

    def dwells(self):
        """reference.online.click_dwells over the whole input, for the clicks of the experiments' searches, with
        experiment and bucket."""
        included = {row["search_id"]: row for row in self._assign()["included"]}
        out = []
        for dwell in click_dwells(self.searches, self.clicks, self.page_visits):
            row = included.get(dwell["search_id"])
            if row is not None:
                out.append({**dwell, "experiment": row["experiment"], "bucket": row["bucket"]})
        return out

    def _dwell_groups(self):
        groups = {}
        for dwell in self.dwells():
            for search_type in (dwell["search_type"], ALL_TYPES):
                groups.setdefault((dwell["experiment"], dwell["bucket"], search_type), []).append(dwell)
        return groups

    def dwell_survival(self, checkin_seconds=DEFAULT_CHECKIN_SECONDS):
        """Rows of search_experiment_dwell_survival: per (experiment, bucket, search_type) with a click and check-in,
        as reference.online.dwell_survival."""
        out = []
        for (experiment, bucket, search_type), dwells in sorted(self._dwell_groups().items()):
            times = [d["dwell_seconds"] for d in dwells]
            flags = [d["censored"] for d in dwells]
            steps = kaplan_meier(times, flags, exact=True)
            median = median_survival(steps)
            for t in checkin_seconds:
                out.append({"experiment": experiment, "bucket": bucket, "search_type": search_type,
                            "checkin_seconds": t, "survival": float(survival_at(steps, t)),
                            "n_at_risk": sum(1 for x in times if x >= t), "n_dwells": len(dwells),
                            "n_censored": sum(flags), "median_dwell_seconds": median})
        return out

    def dwell_tests(self, baseline=None):
        """Rows of search_experiment_dwell_tests: the log-rank test of baseline against candidate per search_type
        where both have a click."""
        groups = self._dwell_groups()
        out = []
        for experiment, base, candidate in self._pairs(baseline):
            types = sorted({k[2] for k in groups if k[0] == experiment and k[1] in (base, candidate)})
            for search_type in types:
                a = groups.get((experiment, base, search_type))
                b = groups.get((experiment, candidate, search_type))
                if not a or not b:
                    continue
                test = log_rank_test([d["dwell_seconds"] for d in a], [d["censored"] for d in a],
                                     [d["dwell_seconds"] for d in b], [d["censored"] for d in b])
                out.append({"experiment": experiment, "baseline": base, "candidate": candidate,
                            "search_type": search_type, "n_baseline_dwells": len(a), "n_candidate_dwells": len(b),
                            "observed_baseline": test["observed_a"], "expected_baseline": test["expected_a"],
                            "log_rank_chi_square": test["chi_square"], "p_value": test["p_value"]})
        return out


def _sort_key(item):
    (experiment, bucket, search_type, metric, factor), _ = item
    return (experiment, bucket, search_type, metric, -1.0 if factor is None else factor)


def baseline_bucket(buckets, baseline, experiment):
    """The baseline bucket of an experiment: baseline None = the first bucket in code-point order; a string = that
    bucket; a dict = baseline[experiment] (the first bucket when the experiment is not a key). None when the named
    bucket is not among the experiment's buckets."""
    buckets = sorted(buckets)
    if not buckets:
        return None
    if isinstance(baseline, dict):
        baseline = baseline.get(experiment)
    if baseline is None:
        return buckets[0]
    baseline = str(baseline)
    return baseline if baseline in buckets else None


# ---------------------------------------------------------------------------
# Sums and per-arm statistics
# ---------------------------------------------------------------------------


def sums(units):
    """The sums row of a list of units {m, d[, x, y]}: n, sum_m, sum_m2, sum_d, sum_d2, sum_md and, when the units
    carry x and y, sum_x, sum_x2, sum_y, sum_y2, sum_xy, sum_mx, sum_my, sum_dx, sum_dy. Sums are exact (fractions)
    and rounded once to floats; n is an int."""
    units = list(units)
    f = [(Fraction(u["m"]), Fraction(u["d"])) for u in units]
    out = {"n": len(units),
           "sum_m": float(sum(m for m, _ in f)), "sum_m2": float(sum(m * m for m, _ in f)),
           "sum_d": float(sum(d for _, d in f)), "sum_d2": float(sum(d * d for _, d in f)),
           "sum_md": float(sum(m * d for m, d in f))}
    if units and all("x" in u and u["x"] is not None for u in units):
        g = [(m, d, Fraction(u["x"]), Fraction(u["y"])) for (m, d), u in zip(f, units)]
        out.update({
            "sum_x": float(sum(x for _, _, x, _ in g)), "sum_x2": float(sum(x * x for _, _, x, _ in g)),
            "sum_y": float(sum(y for _, _, _, y in g)), "sum_y2": float(sum(y * y for _, _, _, y in g)),
            "sum_xy": float(sum(x * y for _, _, x, y in g)), "sum_mx": float(sum(m * x for m, _, x, _ in g)),
            "sum_my": float(sum(m * y for m, _, _, y in g)), "sum_dx": float(sum(d * x for _, d, x, _ in g)),
            "sum_dy": float(sum(d * y for _, d, _, y in g))})
    return out


ROUNDING = Fraction(1, 10 ** 12)


def _floored(terms):
    """Σ terms, or 0 when |Σ terms| <= 1e-12 Σ |terms|: the design's rule that a difference this small against its
    terms is rounding error of the float sums it is computed from (a variance of a constant, a delta-method
    variance whose terms cancel), not a value (docs/experiments.md, "Variance")."""
    total = sum(terms)
    return Fraction(0) if abs(total) <= ROUNDING * sum(abs(t) for t in terms) else total


def _cov(n, sum_a, sum_b, sum_ab):
    """(Σab - Σa Σb / n) / (n - 1), exact, with the rounding floor; None when n < 2."""
    if n < 2:
        return None
    return _floored([Fraction(sum_ab), -Fraction(sum_a) * Fraction(sum_b) / n]) / (n - 1)


def _delta_variance(mean_m, mean_d, var_m, var_d, cov_md):
    """g' Σ g with g = (1/d̄, -m̄/d̄²): var_m/d̄² - 2 cov m̄/d̄³ + m̄² var_d/d̄⁴ (exact, with the rounding floor)."""
    return _floored([var_m / mean_d ** 2, -2 * cov_md * mean_m / mean_d ** 3, mean_m ** 2 * var_d / mean_d ** 4])


def arm_statistics(s):
    """{n, mean, unadjusted_mean, variance (V), standard_error, mean_m, mean_d, var_m, var_d, cov_md} of a sums
    row. mean = Σm/Σd (None when Σd = 0); V by the delta method (= var_m when every d is 1), None when n < 2 or
    d̄ = 0; standard_error = sqrt(V/n) (None when V is None or negative)."""
    n = s["n"]
    out = {"n": n, "mean": None, "unadjusted_mean": None, "variance": None, "standard_error": None,
           "mean_m": None, "mean_d": None, "var_m": None, "var_d": None, "cov_md": None}
    if n == 0:
        return out
    sum_m, sum_d = Fraction(s["sum_m"]), Fraction(s["sum_d"])
    mean_m, mean_d = sum_m / n, sum_d / n
    out["mean_m"], out["mean_d"] = float(mean_m), float(mean_d)
    if sum_d != 0:
        out["mean"] = out["unadjusted_mean"] = float(sum_m / sum_d)
    if n < 2:
        return out
    var_m = _cov(n, s["sum_m"], s["sum_m"], s["sum_m2"])
    var_d = _cov(n, s["sum_d"], s["sum_d"], s["sum_d2"])
    cov_md = _cov(n, s["sum_m"], s["sum_d"], s["sum_md"])
    out["var_m"], out["var_d"], out["cov_md"] = float(var_m), float(var_d), float(cov_md)
    if mean_d == 0:
        return out
    v = _delta_variance(mean_m, mean_d, var_m, var_d, cov_md)
    out["variance"] = float(v)
    if v >= 0:
        out["standard_error"] = math.sqrt(v / n)
    return out


# ---------------------------------------------------------------------------
# Welch, MDE, sequential
# ---------------------------------------------------------------------------


def _testable(a, b):
    """The design's rule: None (no statistic) unless both arms have n >= 2, V > 0 and the baseline's mean (adjusted
    and unadjusted) is known and not 0."""
    for arm in (a, b):
        if arm["n"] < 2 or arm["variance"] is None or arm["variance"] <= 0 or arm["mean"] is None:
            return False
    return a["mean"] != 0 and a.get("unadjusted_mean", a["mean"]) not in (0, None)


def _difference_and_variance(a, b, relative):
    ua = a.get("unadjusted_mean", a["mean"])
    ub = b.get("unadjusted_mean", b["mean"])
    if relative:
        return ((b["mean"] - a["mean"]) / ua,
                b["variance"] / (ua ** 2 * b["n"]) + a["variance"] * ub ** 2 / (ua ** 4 * a["n"]))
    return b["mean"] - a["mean"], b["variance"] / b["n"] + a["variance"] / a["n"]


def welch(a, b, alpha=0.05, relative=False):
    """Welch's t of arm b against baseline arm a, each {n, mean, variance (V per unit)[, unadjusted_mean]}:
    difference Δ = mean_b - mean_a (relative: / unadjusted mean_a), variance var = V_b/n_b + V_a/n_a (relative:
    V_b/(ua² n_b) + V_a ub²/(ua⁴ n_a)), df = (V_b/n_b + V_a/n_a)² / (V_b²/(n_b²(n_b-1)) + V_a²/(n_a²(n_a-1)))
    (the same df for both), t = Δ/sqrt(var), p = 2(1 - T_df(|t|)), CI = Δ ± t_{1-α/2, df} sqrt(var).
    Every value None under the design's null rule (_testable)."""
    keys = ("difference", "variance", "degrees_of_freedom", "t_statistic", "p_value", "ci_low", "ci_high")
    if not _testable(a, b):
        return dict.fromkeys(keys)
    from scipy import stats

    difference, variance = _difference_and_variance(a, b, relative)
    va, vb, na, nb = a["variance"], b["variance"], a["n"], b["n"]
    df = (vb / nb + va / na) ** 2 / (vb ** 2 / (nb ** 2 * (nb - 1)) + va ** 2 / (na ** 2 * (na - 1)))
    se = math.sqrt(variance)
    t = difference / se
    half = float(stats.t.ppf(1 - alpha / 2, df)) * se
    return {"difference": difference, "variance": variance, "degrees_of_freedom": df, "t_statistic": t,
            "p_value": float(2 * stats.t.sf(abs(t), df)), "ci_low": difference - half, "ci_high": difference + half}


def minimum_detectable_effect(variance, alpha=0.05, power=0.8):
    """(z_{1-α/2} + z_power) sqrt(variance) (None when variance is None)."""
    if variance is None:
        return None
    z = NormalDist()
    return (z.inv_cdf(1 - alpha / 2) + z.inv_cdf(power)) * math.sqrt(variance)


def sequential_test(a, b, alpha=0.05, tuning=5000, relative=False):
    """GrowthBook's SequentialTwoSidedTTest (Waudby-Smith et al., asymptotic confidence sequences, eq. 9 and 155
    of arXiv 2103.06476v7): N = n_a + n_b, ρ = sqrt((-2 ln α + ln(-2 ln α + 1)) / tuning), s² = var N,
    half-width = sqrt(s²) sqrt(2(Nρ² + 1) ln(sqrt(Nρ² + 1)/α) / (Nρ)²), p = min(1, 1/e-value) with
    e-value = exp(ρ² st2 / (2(Nρ² + 1))) / sqrt(Nρ² + 1), st2 = Δ² N / var. Null rule as welch."""
    keys = ("difference", "variance", "ci_low", "ci_high", "p_value")
    if not _testable(a, b):
        return dict.fromkeys(keys)
    difference, variance = _difference_and_variance(a, b, relative)
    n = a["n"] + b["n"]
    rho = math.sqrt((-2 * math.log(alpha) + math.log(-2 * math.log(alpha) + 1)) / tuning)
    s2 = variance * n
    tr2p1 = n * rho ** 2 + 1
    half = math.sqrt(s2) * math.sqrt(2 * tr2p1 * math.log(math.sqrt(tr2p1) / alpha) / (n * rho) ** 2)
    st2 = difference ** 2 * n / variance
    log_evalue = rho ** 2 * st2 / (2 * tr2p1) - 0.5 * math.log(tr2p1)
    p = 1.0 if log_evalue <= 0 else math.exp(-log_evalue)
    return {"difference": difference, "variance": variance, "ci_low": difference - half,
            "ci_high": difference + half, "p_value": p}


# ---------------------------------------------------------------------------
# CUPED
# ---------------------------------------------------------------------------


def unit_cuped(a, b):
    """gbstats 0.8.0's RegressionAdjustedStatistic and compute_theta, for kind 'unit' (sums rows with sum_x,
    sum_x2, sum_mx). θ = joint cov(m, x) / joint var(x) over the two arms pooled as one sample (n_a + n_b units,
    n - 1 divisors); θ = 0 when the joint var(x) or var(m) is 0, and then gbstats tests the raw statistics
    ("reverted"). Per arm: mean = m̄ - θ x̄, unadjusted_mean = m̄, variance = var_m + θ² var_x - 2θ cov_mx.
    Returns {theta, reverted, a: {n, mean, unadjusted_mean, variance}, b: ...}."""
    n = a["n"] + b["n"]
    joint = {k: a[k] + b[k] for k in ("sum_m", "sum_m2", "sum_x", "sum_x2", "sum_mx")}
    var_m = _cov(n, joint["sum_m"], joint["sum_m"], joint["sum_m2"])
    var_x = _cov(n, joint["sum_x"], joint["sum_x"], joint["sum_x2"])
    theta = Fraction(0)
    if var_m is not None and var_x is not None and var_m != 0 and var_x != 0:
        theta = _cov(n, joint["sum_m"], joint["sum_x"], joint["sum_mx"]) / var_x
    out = {"theta": float(theta), "reverted": theta == 0}
    for name, s in (("a", a), ("b", b)):
        arm = {"n": s["n"], "mean": None, "unadjusted_mean": None, "variance": None}
        if s["n"] > 0:
            mean_m, mean_x = Fraction(s["sum_m"]) / s["n"], Fraction(s["sum_x"]) / s["n"]
            arm["mean"], arm["unadjusted_mean"] = float(mean_m - theta * mean_x), float(mean_m)
        if s["n"] >= 2:
            v = _floored([_cov(s["n"], s["sum_m"], s["sum_m"], s["sum_m2"]),
                          theta ** 2 * _cov(s["n"], s["sum_x"], s["sum_x"], s["sum_x2"]),
                          -2 * theta * _cov(s["n"], s["sum_m"], s["sum_x"], s["sum_mx"])])
            arm["variance"] = float(v)
        out[name] = arm
    return out


def _ratio_cuped_parts(s):
    """(g_post, g_pre, Cov(post), Cov(pre, post), Cov(pre)) of one arm, exact; None when n < 2, d̄ = 0 or ȳ = 0
    (GrowthBook's nabla is then the zero vector: the arm adds nothing to θ and its variance is 0)."""
    n = s["n"]
    if n < 2 or s["sum_d"] == 0 or s["sum_y"] == 0:
        return None
    m, d, x, y = (Fraction(s[k]) / n for k in ("sum_m", "sum_d", "sum_x", "sum_y"))
    g_post = (1 / d, -m / d ** 2)
    g_pre = (1 / y, -x / y ** 2)
    c = lambda a, b, ab: _cov(n, s[a], s[b], s[ab])  # noqa: E731
    cov_post = ((c("sum_m", "sum_m", "sum_m2"), c("sum_m", "sum_d", "sum_md")),
                (c("sum_m", "sum_d", "sum_md"), c("sum_d", "sum_d", "sum_d2")))
    cov_pre_post = ((c("sum_x", "sum_m", "sum_mx"), c("sum_x", "sum_d", "sum_dx")),
                    (c("sum_y", "sum_m", "sum_my"), c("sum_y", "sum_d", "sum_dy")))
    cov_pre = ((c("sum_x", "sum_x", "sum_x2"), c("sum_x", "sum_y", "sum_xy")),
               (c("sum_x", "sum_y", "sum_xy"), c("sum_y", "sum_y", "sum_y2")))
    return g_post, g_pre, cov_post, cov_pre_post, cov_pre


def _quadratic(u, matrix, v):
    return _floored([u[i] * matrix[i][j] * v[j] for i in range(2) for j in range(2)])


def ratio_cuped(a, b):
    """CUPED for a ratio metric: transcribed from the published formula of GrowthBook's main branch
    (gbstats.models.statistics.RegressionAdjustedRatioStatistic and compute_theta_regression_adjusted_ratio, not
    in gbstats 0.8.0), as the design writes it; not run against that code (it needs a newer gbstats).

    Per arm, over units with post (m, d) and pre (x, y), (n - 1) covariances:
        g_post = (1/d̄, -m̄/d̄²), g_pre = (1/ȳ, -x̄/ȳ²),
        C = g_preᵀ Cov((x, y), (m, d)) g_post, W = g_preᵀ Cov((x, y)) g_pre,
        V_post = g_postᵀ Cov((m, d)) g_post (the raw delta-method V);
    θ = (C_a + C_b) / (W_a + W_b) (0 when W_a + W_b = 0); |θ| < 1e-8: reverted to the raw ratio (θ = 0);
    adjusted mean = Σm/Σd - θ Σx/Σy, unadjusted_mean = Σm/Σd, variance = V_post + θ² W - 2θ C.
    An arm with n < 2, d̄ = 0 or ȳ = 0 (no pre data at all) adds nothing to θ (GrowthBook's zero gradient);
    its variance is then 0 (GrowthBook) and its adjusted mean None when Σd or Σy is 0 (GrowthBook: 0).
    The relative difference and its variance use 0.8.0's frequentist_variance with these V's and the unadjusted
    means (the design's choice; GrowthBook main has a dedicated relative variance for this statistic).
    Returns {theta, reverted, a: {n, mean, unadjusted_mean, variance, C, W}, b: ...}."""
    parts = {"a": _ratio_cuped_parts(a), "b": _ratio_cuped_parts(b)}
    cw = {}
    for name, p in parts.items():
        if p is None:
            cw[name] = (Fraction(0), Fraction(0))
        else:
            g_post, g_pre, _, cov_pre_post, cov_pre = p
            cw[name] = (_quadratic(g_pre, cov_pre_post, g_post), _quadratic(g_pre, cov_pre, g_pre))
    w_total = cw["a"][1] + cw["b"][1]
    theta = Fraction(0) if w_total == 0 else (cw["a"][0] + cw["b"][0]) / w_total
    reverted = abs(theta) < THETA_ZERO
    if reverted:
        theta = Fraction(0)
    out = {"theta": float(theta), "reverted": reverted}
    for name, s in (("a", a), ("b", b)):
        arm = {"n": s["n"], "mean": None, "unadjusted_mean": None, "variance": None,
               "C": float(cw[name][0]), "W": float(cw[name][1])}
        if s["sum_d"] != 0:
            post = Fraction(s["sum_m"]) / Fraction(s["sum_d"])
            arm["unadjusted_mean"] = float(post)
            if reverted:
                arm["mean"] = float(post)
            elif s["sum_y"] != 0:
                arm["mean"] = float(post - theta * Fraction(s["sum_x"]) / Fraction(s["sum_y"]))
        p = parts[name]
        if reverted:
            arm["variance"] = arm_statistics(s)["variance"]
        elif p is not None:
            g_post, _, cov_post, _, _ = p
            c, w = cw[name]
            arm["variance"] = float(_floored([_quadratic(g_post, cov_post, g_post), theta ** 2 * w, -2 * theta * c]))
        elif s["n"] >= 2:
            arm["variance"] = 0.0
        out[name] = arm
    return out


# ---------------------------------------------------------------------------
# One comparison, every statistic
# ---------------------------------------------------------------------------


def compare(a, b, kind, alpha=0.05, power=0.8, cuped=False):
    """Every statistic of search_experiment_results but the SRM and the adjusted p-values, from two sums rows
    (baseline a, candidate b). cuped: kind 'unit' uses unit_cuped, kind 'ratio' ratio_cuped (both need the pre
    sums); cuped_* None otherwise. variance_reduction = 1 - var_cuped / var_raw of the absolute difference."""
    sa, sb = arm_statistics(a), arm_statistics(b)
    absolute = welch(sa, sb, alpha)
    relative = welch(sa, sb, alpha, relative=True)
    mde = minimum_detectable_effect(absolute["variance"], alpha, power)
    out = {
        "n_baseline_units": a["n"], "n_candidate_units": b["n"],
        "baseline_mean": sa["mean"], "candidate_mean": sb["mean"],
        "baseline_standard_error": sa["standard_error"], "candidate_standard_error": sb["standard_error"],
        "absolute_difference": absolute["difference"], "absolute_ci_low": absolute["ci_low"],
        "absolute_ci_high": absolute["ci_high"],
        "relative_difference": relative["difference"], "relative_ci_low": relative["ci_low"],
        "relative_ci_high": relative["ci_high"],
        "degrees_of_freedom": absolute["degrees_of_freedom"], "t_statistic": absolute["t_statistic"],
        "p_value": absolute["p_value"], "relative_p_value": relative["p_value"],
        "minimum_detectable_effect": mde,
        "relative_minimum_detectable_effect": None if mde is None else mde / abs(sa["mean"]),
    }
    cuped_keys = ("cuped_theta", "cuped_baseline_mean", "cuped_candidate_mean", "cuped_absolute_difference",
                  "cuped_absolute_ci_low", "cuped_absolute_ci_high", "cuped_relative_difference",
                  "cuped_relative_ci_low", "cuped_relative_ci_high", "cuped_p_value", "variance_reduction")
    out.update(dict.fromkeys(cuped_keys))
    if cuped:
        adjusted = unit_cuped(a, b) if kind == "unit" else ratio_cuped(a, b)
        ca, cb = adjusted["a"], adjusted["b"]
        c_abs = welch(ca, cb, alpha)
        c_rel = welch(ca, cb, alpha, relative=True)
        out.update({
            "cuped_theta": adjusted["theta"], "cuped_baseline_mean": ca["mean"], "cuped_candidate_mean": cb["mean"],
            "cuped_absolute_difference": c_abs["difference"], "cuped_absolute_ci_low": c_abs["ci_low"],
            "cuped_absolute_ci_high": c_abs["ci_high"], "cuped_relative_difference": c_rel["difference"],
            "cuped_relative_ci_low": c_rel["ci_low"], "cuped_relative_ci_high": c_rel["ci_high"],
            "cuped_p_value": c_abs["p_value"],
            "variance_reduction": (None if c_abs["variance"] is None or absolute["variance"] is None
                                   else 1 - c_abs["variance"] / absolute["variance"]),
        })
    return out


def gbstats_case(a, b, kind, alpha=0.05, sequential_tuning=5000, cuped=None, case_id=None):
    """A comparison case of reference.gbstats_bridge from two sums rows (the rows are arms as they are)."""
    return {"id": case_id, "kind": kind, "a": a, "b": b, "alpha": alpha, "sequential_tuning": sequential_tuning,
            "cuped": cuped}


# ---------------------------------------------------------------------------
# Sample ratio, log-rank
# ---------------------------------------------------------------------------


def chi_square_sf(statistic, df):
    """P(χ²_df >= statistic) for a whole df >= 1, in closed form: even df = 2k: e^(-s/2) Σ_{i<k} (s/2)^i / i!;
    odd df = 2k + 1: erfc(sqrt(s/2)) + e^(-s/2) Σ_{i=1..k} (s/2)^(i - 1/2) / Γ(i + 1/2)."""
    if df < 1 or df != int(df):
        raise ValueError(f"df must be a whole number >= 1, not {df}")
    df = int(df)
    if statistic <= 0:
        return 1.0
    h = statistic / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= h / i
            total += term
        return min(1.0, math.exp(-h) * total)
    total = math.erfc(math.sqrt(h))
    term = math.sqrt(h) / math.gamma(1.5)
    for i in range(1, (df - 1) // 2 + 1):
        if i > 1:
            term *= h / (i - 0.5)
        total += math.exp(-h) * term
    return min(1.0, total)


def sample_ratio_test(units_by_bucket, expected_shares=None):
    """Pearson's χ² of the units per bucket against the expected shares (normalized over the buckets given; None =
    equal), df = buckets - 1: {expected_share, expected_units (per bucket), chi_square, degrees_of_freedom, p_value}
    (chi_square, df and p None with one bucket)."""
    buckets = sorted(units_by_bucket)
    if expected_shares is None:
        weights = {b: 1.0 for b in buckets}
    else:
        missing = [b for b in buckets if b not in expected_shares]
        if missing:
            raise KeyError(f"buckets without an expected share: {missing}")
        weights = {b: float(expected_shares[b]) for b in buckets}
    total_weight = sum(weights.values())
    total = sum(units_by_bucket.values())
    share = {b: weights[b] / total_weight for b in buckets}
    expected = {b: share[b] * total for b in buckets}
    out = {"expected_share": share, "expected_units": expected, "chi_square": None, "degrees_of_freedom": None,
           "p_value": None}
    if len(buckets) >= 2 and total > 0:
        chi = sum((units_by_bucket[b] - expected[b]) ** 2 / expected[b] for b in buckets)
        out.update({"chi_square": chi, "degrees_of_freedom": len(buckets) - 1,
                    "p_value": chi_square_sf(chi, len(buckets) - 1)})
    return out


def log_rank_test(times_a, censored_a, times_b, censored_b):
    """The (Mantel-Cox) log-rank test of two right-censored samples: at each distinct observed (uncensored) time t
    of the pooled sample, n = at risk (time >= t, both samples), n_a = at risk in a, e = events at t, e_a = events
    of a at t; O_a = Σ e_a, E_a = Σ e n_a / n, V = Σ e (n_a/n)(1 - n_a/n)(n - e)/(n - 1) (terms with n = 1 are 0);
    χ² = (O_a - E_a)² / V with df 1, p = erfc(sqrt(χ²/2)). {observed_a, expected_a, variance, chi_square,
    p_value}; chi_square and p None when V = 0."""
    a = list(zip(times_a, censored_a))
    b = list(zip(times_b, censored_b))
    pooled = a + b
    observed = expected = variance = Fraction(0)
    for t in sorted({time for time, censored in pooled if not censored}):
        n = sum(1 for time, _ in pooled if time >= t)
        n_a = sum(1 for time, _ in a if time >= t)
        e = sum(1 for time, censored in pooled if not censored and time == t)
        e_a = sum(1 for time, censored in a if not censored and time == t)
        observed += e_a
        expected += Fraction(e * n_a, n)
        if n > 1:
            variance += Fraction(e * n_a * (n - n_a) * (n - e), n * n * (n - 1))
    out = {"observed_a": int(observed), "expected_a": float(expected), "variance": float(variance),
           "chi_square": None, "p_value": None}
    if variance > 0:
        chi = float((observed - expected) ** 2 / variance)
        out["chi_square"] = chi
        out["p_value"] = math.erfc(math.sqrt(chi / 2))
    return out
