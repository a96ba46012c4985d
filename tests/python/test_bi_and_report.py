"""For BI tools (issue 6): the dbt semantic layer parses and means what it says, every column is documented,
`dbt docs generate` works, and the static HTML report renders in a real browser (headless Chromium).

One demo build (the example seeds, every model family, the A/B bucket column) into a temporary DuckDB file is
shared by the tests of this module and test_demo_and_consumer.py (the `demo` fixture of demo_build.py).
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from demo_build import EXAMPLES, FUSIONS
from harness import INPUT_SCHEMA, REPO_ROOT, fetch_dicts, read_csv
from reference import fusion as ref_fusion

SEMANTIC_MODELS = {"search_judged_query_metrics", "search_judgment_agreement", "search_run_comparisons",
                   "search_query_deltas", "search_paulscore_daily", "search_click_metrics_daily",
                   "search_session_metrics_daily", "search_interleaving_daily"}
EXPOSURES = {"search_ranker_comparison_dashboard", "search_rater_agreement_panel", "search_click_quality_dashboard",
             "search_click_auc_dashboard", "search_session_quality_dashboard",
             "search_interleaving_dashboard"}
# the experiments family's (models/semantic/_experiments_semantic.yml)
SEMANTIC_MODELS |= {"search_experiment_buckets", "search_experiment_results"}
EXPOSURES |= {"search_experiment_scorecard"}
# the tests across all systems' (_comparisons_semantic.yml) and the fused runs' (_fusion_semantic.yml): the demo
# sets var search_metrics_all_systems_tests and two fusions, one with a weight grid
SEMANTIC_MODELS |= {"search_all_systems_anova", "search_all_systems_pairs", "search_all_systems_groups",
                    "search_fused_run_inputs", "search_fusion_sweep"}
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]


def table_of(manifest: dict, semantic_model: dict) -> str:
    node = manifest["nodes"][semantic_model["depends_on"]["nodes"][0]]
    return node["alias"]


# ---------------------------------------------------------------------------------------------------------------
# semantic layer
# ---------------------------------------------------------------------------------------------------------------


@pytest.mark.dbt
def test_semantic_layer_parses_with_a_time_spine_and_every_expression_runs(demo):
    manifest = demo["manifest"]
    semantic_models = {sm["name"]: sm for sm in manifest["semantic_models"].values()}
    assert set(semantic_models) == SEMANTIC_MODELS
    metrics = {m["name"]: m for m in manifest["metrics"].values()}
    assert {"search_judged_metric_mean", "search_query_mean_delta", "search_paulscore", "search_clickthrough_rate",
            "search_abandonment_rate", "search_zero_result_rate", "search_comparison_p_value_t"} <= set(metrics)
    spine = manifest["nodes"]["model.search_metrics.search_metrics_util_time_spine"]
    assert spine["time_spine"]["standard_granularity_column"] == "date_day"

    # dbt parse does not look at the tables: run every dimension and measure expression on the built ones
    with duckdb.connect(str(demo["copy"]), read_only=True) as con:
        assert con.execute("select count(*), min(date_day), max(date_day) from main.search_metrics_util_time_spine"
                           ).fetchone() == (18263, __import__("datetime").date(2000, 1, 1),
                                            __import__("datetime").date(2049, 12, 31))
        for sm in semantic_models.values():
            table = table_of(manifest, sm)
            for dimension in sm["dimensions"]:
                con.execute(f"select {dimension['expr'] or dimension['name']} from main.{table} limit 1")
            for measure in sm["measures"]:
                agg = {"average": "avg"}.get(measure["agg"], measure["agg"])
                value = con.execute(f"select {agg}({measure['expr']}) from main.{table}").fetchone()[0]
                assert value is not None, (sm["name"], measure["name"])


# Every ratio metric of the semantic layer and what it must equal when computed from its measures (numerator and
# denominator read from the manifest: measure -> agg(expr) on its semantic model's table) at the grain of a table
# that already has the number: (grain columns, table, column). The PaulScore ratios re-weight by day-sessions, the
# rates by their daily counts, so at the table's own grain each gives back the table's column.
RATIO_METRICS = {
    "search_paulscore": (("search_date", "search_type", "factor"), "search_paulscore_daily", "paulscore"),
    "search_relative_paulscore": (("search_date", "search_type", "factor"), "search_paulscore_daily",
                                  "relative_paulscore"),
    "search_zero_result_rate": (("search_date", "search_type"), "search_click_metrics_daily", "zero_result_rate"),
    "search_clickthrough_rate": (("search_date", "search_type"), "search_click_metrics_daily", "clickthrough_rate"),
    "search_mean_first_click_position": (("search_date", "search_type"), "search_click_metrics_daily",
                                         "mean_first_click_position"),
    "search_judged_metric_mean": (("run_id", "metric", "k"), "search_run_metrics", "value"),
    "search_query_mean_delta": (("baseline", "candidate", "metric", "k"), "search_run_comparison", "mean_delta"),
    "search_satisfied_click_rate": (("search_date", "search_type"), "search_session_metrics_daily",
                                    "satisfied_click_rate"),
    "search_threshold_pass_rate": (("search_date", "search_type"), "search_session_metrics_daily",
                                   "threshold_pass_rate"),
    "search_return_rate": (("search_date", "search_type"), "search_session_metrics_daily", "return_rate"),
    "search_reformulation_rate": (("search_date", "search_type"), "search_session_metrics_daily",
                                  "reformulation_rate"),
    # the share is Δ + 0.5
    "search_interleaving_team_a_share": (("experiment", "search_date"), "search_interleaving_daily",
                                         "preference_delta + 0.5"),
    "search_experiment_bucket_mean": (("experiment", "bucket", "search_type", "metric", "factor"),
                                      "search_experiment_buckets", "mean"),
}
# derived metrics of ratio metrics: (grain, table, column), as above
DERIVED_METRICS = {
    "search_abandonment_rate": (("search_date", "search_type"), "search_click_metrics_daily", "abandonment_rate"),
}
MEASURE_AGGREGATIONS = {"sum": "sum", "count": "count", "average": "avg", "min": "min", "max": "max",
                        "count_distinct": "count(distinct {})"}


def _input_name(item) -> str:
    """A ratio's numerator/denominator (or a derived metric's input) in the manifest: a name or {name, filter, ...};
    a filter would change the meaning, none is expected."""
    if isinstance(item, str):
        return item
    assert not item.get("filter") and not item.get("offset_window") and not item.get("offset_to_grain"), item
    return item["name"]


def measure_sql(manifest: dict, measure_name: str) -> tuple[str, str]:
    """(the table of the measure's semantic model, agg(expr)) for a measure name, read from the manifest."""
    found = [(sm, m) for sm in manifest["semantic_models"].values() for m in sm["measures"]
             if m["name"] == measure_name]
    assert len(found) == 1, (measure_name, len(found))
    sm, measure = found[0]
    agg = MEASURE_AGGREGATIONS[measure["agg"]]
    expr = measure["expr"] or measure["name"]
    return table_of(manifest, sm), agg.format(expr) if "{}" in agg else f"{agg}({expr})"


def ratio_sql(manifest: dict, metric_name: str, grain: tuple[str, ...], alias: str = "value") -> str:
    """The ratio metric from its measures' expressions on their table, grouped by `grain` (MetricFlow divides as
    cast(numerator as double) / nullif(denominator, 0): null when the denominator is 0 or null)."""
    metric = next(m for m in manifest["metrics"].values() if m["name"] == metric_name)
    assert metric["type"] == "ratio", metric["type"]
    params = metric["type_params"]
    (num_table, numerator), (den_table, denominator) = (measure_sql(manifest, _input_name(params[part]))
                                                        for part in ("numerator", "denominator"))
    assert num_table == den_table, (metric_name, num_table, den_table)
    columns = ", ".join(grain)
    return (f"select {columns}, cast({numerator} as double) / nullif(cast({denominator} as double), 0) as {alias} "
            f"from main.{num_table} group by {columns}")


def derived_sql(manifest: dict, metric_name: str, grain: tuple[str, ...]) -> str:
    metric = next(m for m in manifest["metrics"].values() if m["name"] == metric_name)
    assert metric["type"] == "derived", metric["type"]
    inputs = metric["type_params"]["metrics"]
    parts = [(item["alias"] or _input_name(item), ratio_sql(manifest, _input_name(item), grain, "value"))
             for item in inputs]
    first_alias, first_sql = parts[0]
    sql = f"select {', '.join(f'{first_alias}.{c}' for c in grain)}, {metric['type_params']['expr']} as value " \
          f"from (select {', '.join(grain)}, value as {first_alias} from ({first_sql}) as r) as {first_alias}"
    for alias, part_sql in parts[1:]:
        on = " and ".join(f"{alias}.{c} is not distinct from {first_alias}.{c}" for c in grain)
        sql += f" join (select {', '.join(grain)}, value as {alias} from ({part_sql}) as r) as {alias} on {on}"
    return sql


def assert_same_values(con, metric_name: str, computed_sql: str, grain: tuple[str, ...], expected: dict) -> int:
    """The metric computed by `computed_sql` (grain columns, value) equals `expected` ({grain tuple: value}) on the
    same keys, |delta| <= 1e-12 * max(1, |expected|), nulls equal; returns the number of non-null values."""
    computed = {tuple(row[:-1]): row[-1] for row in con.execute(computed_sql).fetchall()}
    assert computed and set(computed) == set(expected), (metric_name, sorted(set(computed) ^ set(expected),
                                                                             key=str)[:5])
    wrong = [(key, value, expected[key]) for key, value in computed.items()
             if (value is None) != (expected[key] is None)
             or (value is not None and abs(value - expected[key]) > 1e-12 * max(1.0, abs(expected[key])))]
    assert not wrong, (metric_name, len(wrong), wrong[:5])
    return sum(value is not None for value in computed.values())


def _period_click_reference(con) -> tuple[dict, dict]:
    """From the demo's example searches and clicks, by the reference (tests/python/reference/clicks.py): the
    PaulScore and relative PaulScore over the whole period per (search_type, factor) = the mean session score
    of every day-session, and the click rates per search_type over the whole period."""
    from reference import clicks as ref_clicks

    searches = fetch_dicts(con, "select * from main.search_metrics_example_searches")
    clicks = fetch_dicts(con, "select * from main.search_metrics_example_clicks")
    factors = sorted(row[0] for row in con.execute("select distinct factor from main.search_paulscore_daily")
                     .fetchall())
    positions = ref_clicks.clicked_positions(searches, clicks)
    day_sessions: dict[tuple, list[str]] = {}
    for row in searches:
        key = (row["searched_at"].date(), row["search_type"], row["session_id"])
        day_sessions.setdefault(key, []).append(row["search_id"])
    paulscore = {}
    for search_type in sorted({row["search_type"] for row in searches}):
        for factor in factors:
            scores = [sum(ref_clicks.search_score(positions[s], factor) for s in ids) / len(ids)
                      for (_, t, _), ids in day_sessions.items() if t == search_type]
            paulscore[(search_type, factor)] = sum(scores) / len(scores)
    # one day for every search: the reference's daily rates are then the rates of the whole period
    one_day = [{**row, "searched_at": row["searched_at"].replace(year=2000, month=1, day=1)} for row in searches]
    rates = {row["search_type"]: row for row in ref_clicks.click_metrics_daily(one_day, clicks)}
    return paulscore, rates


def _experiment_reference(con) -> dict:
    """From the demo's example searches and clicks, by hand (docs/experiments.md): per (experiment, bucket) the
    units (user_id, the example's randomization unit) of the searches with an experiment and a bucket, leaving out
    a unit seen in two buckets of an experiment, and the bucket's clickthrough rate over all search types (its
    units' searches with results and a click ÷ their searches with results); per experiment the sample-ratio
    p-value against equal shares (scipy.stats.chisquare)."""
    from scipy import stats

    from reference import clicks as ref_clicks

    searches = fetch_dicts(con, "select * from main.search_metrics_example_searches")
    clicks = fetch_dicts(con, "select * from main.search_metrics_example_clicks")
    positions = ref_clicks.clicked_positions(searches, clicks)
    in_experiment = [row for row in searches if row["experiment_id"] is not None and row["bucket"] is not None]
    buckets_of: dict[tuple, set] = {}
    for row in in_experiment:
        buckets_of.setdefault((str(row["experiment_id"]), row["user_id"]), set()).add(row["bucket"])
    units: dict[tuple, set] = {}
    clicked: dict[tuple, int] = {}
    with_results: dict[tuple, int] = {}
    for row in in_experiment:
        experiment = str(row["experiment_id"])
        if len(buckets_of[(experiment, row["user_id"])]) > 1:
            continue
        key = (experiment, row["bucket"])
        units.setdefault(key, set()).add(row["user_id"])
        if row["n_results"] is not None and row["n_results"] > 0:
            with_results[key] = with_results.get(key, 0) + 1
            clicked[key] = clicked.get(key, 0) + (1 if positions[row["search_id"]] else 0)
    n_units = {key: len(users) for key, users in units.items()}
    srm_p_values = {}
    for experiment in sorted({e for e, _ in n_units}):
        counts = [n for (e, _), n in sorted(n_units.items()) if e == experiment]
        srm_p_values[experiment] = stats.chisquare(counts).pvalue if len(counts) > 1 else None
    return {"n_units": n_units, "clickthrough_rate": {key: clicked[key] / with_results[key] for key in with_results},
            "srm_p_values": srm_p_values}


@pytest.mark.dbt
def test_every_ratio_metric_computed_from_its_measures_means_what_it_says(demo):
    """Each ratio metric of the semantic layer, computed as MetricFlow would from the numerator and denominator
    measures the manifest names (their agg and expr on their semantic model's table), equals the table's own column
    at the table's grain (PaulScore per day, search type and factor; the click rates per day and type; the judged
    mean per run, metric and k = search_run_metrics.value; the mean delta per comparison = mean_delta); abandonment
    (derived: 1 - clickthrough) too. Over the whole period, the PaulScore ratios equal the mean session score of every
    day-session and the click rates the period's rates, by the reference on the example logs; an experiment bucket's
    mean (search_experiment_bucket_mean) of the clickthrough rate over all search types is the one computed by hand
    from the example logs."""
    manifest = demo["manifest"]
    ratio_metrics = {m["name"] for m in manifest["metrics"].values() if m["type"] == "ratio"}
    assert ratio_metrics == set(RATIO_METRICS), sorted(ratio_metrics ^ set(RATIO_METRICS))
    with duckdb.connect(str(demo["copy"]), read_only=True) as con:
        for name, (grain, table, column) in {**RATIO_METRICS, **DERIVED_METRICS}.items():
            expected = {tuple(row[:-1]): row[-1] for row in con.execute(
                f"select {', '.join(grain)}, {column} from main.{table}").fetchall()}
            sql = ratio_sql(manifest, name, grain) if name in RATIO_METRICS else derived_sql(manifest, name, grain)
            assert assert_same_values(con, name, sql, grain, expected) > 0, name
        # the clickthrough numerator (a rate times its denominator, per day and type) counts searches: whole numbers
        _, clicked = measure_sql(manifest, "search_clicked_searches_with_results")
        for (value,) in con.execute(f"select {clicked} from main.search_click_metrics_daily "
                                    "group by search_date, search_type").fetchall():
            assert abs(value - round(value)) < 1e-9, value

        paulscore, rates = _period_click_reference(con)
        for name, factor_weight in (("search_paulscore", lambda f: 1.0), ("search_relative_paulscore",
                                                                          lambda f: 1 - f)):
            expected = {key: value * factor_weight(key[1]) for key, value in paulscore.items()}
            assert_same_values(con, name, ratio_sql(manifest, name, ("search_type", "factor")),
                               ("search_type", "factor"), expected)
        for name, column in (("search_zero_result_rate", "zero_result_rate"),
                             ("search_clickthrough_rate", "clickthrough_rate"),
                             ("search_mean_first_click_position", "mean_first_click_position")):
            expected = {(search_type,): row[column] for search_type, row in rates.items()}
            assert_same_values(con, name, ratio_sql(manifest, name, ("search_type",)), ("search_type",), expected)

        grain = ("experiment", "bucket", "search_type", "metric", "factor")
        bucket_means = (f"select experiment, bucket, value from "
                        f"({ratio_sql(manifest, 'search_experiment_bucket_mean', grain)}) as r "
                        "where metric = 'clickthrough_rate' and search_type = '(all)'")
        expected = _experiment_reference(con)["clickthrough_rate"]
        assert len(expected) >= 6, expected  # three experiments of two buckets in the example
        assert_same_values(con, "search_experiment_bucket_mean", bucket_means, ("experiment", "bucket"), expected)


JUDGED_INPUTS = {"search_metrics_results": f"{INPUT_SCHEMA}.results",
                 "search_metrics_judgments": f"{INPUT_SCHEMA}.judgments"}
CLICK_INPUTS = {"search_metrics_searches": f"{INPUT_SCHEMA}.searches", "search_metrics_clicks": f"{INPUT_SCHEMA}.clicks"}
FAMILY_CONFIGURATIONS = {
    "none": {},
    "judged only": JUDGED_INPUTS,
    "judged, comparisons switched off": {**JUDGED_INPUTS, "search_metrics_enable_comparisons": False},
    "clicks with impressions": {**CLICK_INPUTS, "search_metrics_impressions": f"{INPUT_SCHEMA}.impressions"},
    "clicks with a bucket column": {**CLICK_INPUTS, "search_metrics_bucket_column": "bucket"},
    "examples, judged switched off": {**EXAMPLES, "search_metrics_enable_judgment_metrics": False},
    "examples, click_auc and experiments switched off": {
        **EXAMPLES, "search_metrics_enable_click_auc": False, "search_metrics_enable_experiments": False},
    "clicks with team and experiment columns": {**CLICK_INPUTS, "search_metrics_impressions": f"{INPUT_SCHEMA}.impressions",
                                                "search_metrics_team_column": "team",
                                                "search_metrics_experiment_column": "experiment"},
    "clicks with a team column only": {**CLICK_INPUTS, "search_metrics_impressions": f"{INPUT_SCHEMA}.impressions",
                                       "search_metrics_team_column": "team"},
    "examples, interleaving and sessions switched off": {
        **EXAMPLES, "search_metrics_enable_interleaving": False, "search_metrics_enable_sessions": False},
    # a fusion without a weight grid (no sweep) and the comparisons off (no tests across all systems)
    "examples, one fusion without a grid, comparisons switched off": {
        **EXAMPLES, "search_metrics_fusions": FUSIONS[:1], "search_metrics_enable_comparisons": False},
}


def _dependencies(manifest: dict) -> dict[str, set[str]]:
    """{semantic model or exposure name: the model names it reads}, from manifest.json."""
    return {node["name"]: {uid.split(".")[-1] for uid in node["depends_on"]["nodes"]}
            for kind in ("semantic_models", "exposures") for node in manifest[kind].values()}


def _parsed_dependencies(manifest) -> dict[str, set[str]]:
    """The same from the Manifest object of a `dbt parse` result (the parse then writes no manifest.json: about a
    fifth of a parse here, bench/README.md)."""
    return {node.name: {uid.split(".")[-1] for uid in node.depends_on.nodes}
            for nodes in (manifest.semantic_models, manifest.exposures) for node in nodes.values()}


@pytest.mark.dbt
@pytest.mark.parametrize("configuration", sorted(FAMILY_CONFIGURATIONS))
def test_semantic_models_and_exposures_follow_the_family_switches(dbt_project, demo, configuration):
    """The YAML anchors of models/semantic/ restate family_enabled in vars only: under every configuration of
    inputs and search_metrics_enable_* switches, a semantic model or exposure is enabled exactly when every model
    it reads is (a parse with a disabled dependency fails; one enabled without its models is a stale rule).
    Without inputs nothing of the semantic layer is built and parse still passes."""
    every = _dependencies(demo["manifest"])
    assert set(every) == SEMANTIC_MODELS | EXPOSURES
    dbt_vars = FAMILY_CONFIGURATIONS[configuration]
    target = "bi_parse_" + "".join(c if c.isalnum() else "_" for c in configuration)
    result = dbt_project.invoke(["parse", "--vars", json.dumps(dbt_vars)], target_name=target)
    assert result.success, result.exception
    manifest = result.result  # the semantic layer's validations ran in the parse, as when it writes manifest.json
    models = {node.name for node in manifest.nodes.values() if node.resource_type == "model"}
    built = set(_parsed_dependencies(manifest))
    expected = {name for name, reads in every.items() if reads <= models}
    assert built == expected, (configuration, sorted(built ^ expected))
    has_spine = "search_metrics_util_time_spine" in models
    if configuration == "none":
        assert (models, built, len(manifest.metrics), has_spine) == (set(), set(), 0, False)
    else:
        assert has_spine and built, configuration


# ---------------------------------------------------------------------------------------------------------------
# docs
# ---------------------------------------------------------------------------------------------------------------


@pytest.mark.dbt
def test_docs_generate_and_every_column_of_every_model_is_described(dbt_project, demo):
    result = dbt_project.invoke(["docs", "generate", "--vars", json.dumps(EXAMPLES)], target_name="bi_demo",
                                profiles_dir=demo["profiles"], write_json=True)
    assert result.success, result.exception
    target = dbt_project.workdir / "target_bi_demo"
    catalog = json.loads((target / "catalog.json").read_text())
    manifest = json.loads((target / "manifest.json").read_text())
    assert (target / "index.html").exists()
    models = {uid: node for uid, node in manifest["nodes"].items()
              if node["resource_type"] == "model" and node["package_name"] == "search_metrics"}
    assert ({"search_run_comparison", "search_query_deltas", "search_metrics_util_time_spine"}
            <= {node["name"] for node in models.values()})
    problems = []
    for uid, node in models.items():
        if not node["description"].strip():
            problems.append((node["name"], "(model)", "no description"))
        built = {c.lower() for c in catalog["nodes"][uid]["columns"]}
        documented = {c.lower(): col for c, col in node["columns"].items()}
        # a model whose column count follows the vars (value_1 .. value_G) names the numbered prefixes in its meta
        numbered = tuple(node["config"].get("meta", {}).get("numbered_columns", []))
        for column in sorted(built - set(documented)):
            if not (numbered and column.startswith(numbered) and column.rsplit("_", 1)[-1].isdigit()):
                problems.append((node["name"], column, "not documented"))
        for column in sorted(set(documented) - built):
            problems.append((node["name"], column, "documented but not in the table"))
        for column, col in documented.items():
            if not col["description"].strip():
                problems.append((node["name"], column, "empty description"))
    assert not problems, problems
    exposures = {e["name"]: e for e in manifest["exposures"].values()}
    assert set(exposures) == EXPOSURES
    for exposure in exposures.values():
        assert exposure["description"].strip() and exposure["depends_on"]["nodes"]
        assert all(uid in models for uid in exposure["depends_on"]["nodes"])


# ---------------------------------------------------------------------------------------------------------------
# the static report, in a browser
# ---------------------------------------------------------------------------------------------------------------


def find_chromium() -> str | None:
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    return struct.unpack(">II", data[16:24])


FOREST_COLOURS = {"better": "#2ca02c", "worse": "#d62728", "": "#555"}


def assert_comparison_forest_plots_follow_the_verdict(page: str, db: Path) -> None:
    """Each comparison forest plot colours a metric by the verdict's rule, counted here from the table: green
    (better) or red (worse) when the t-test's Holm-adjusted p-value is below 0.05 and the bootstrap interval
    excludes 0, grey otherwise; and its legend says so. The plot shows the largest k and the metrics without k,
    the rows with a relative delta. The demo has metrics that a raw p-value alone would colour (asserted)."""
    with duckdb.connect(str(db), read_only=True) as con:
        rows = fetch_dicts(con, "select * from main.search_run_comparison")
    section = page[page.index('id="comparisons"'):]
    section = section[:section.index("</section>")]
    raw_only = 0
    for baseline, candidate in sorted({(r["baseline"], r["candidate"]) for r in rows}):
        pair = [r for r in rows if (r["baseline"], r["candidate"]) == (baseline, candidate)]
        k_max = max(r["k"] for r in pair if r["k"] is not None)
        expected = {}
        for r in pair:
            if (r["k"] == k_max or r["k"] is None) and r["relative_delta"] is not None:
                moved = (r["p_value_t_holm"] is not None and r["p_value_t_holm"] < 0.05
                         and (r["ci_low"] > 0 or r["ci_high"] < 0))
                expected[r["metric"]] = FOREST_COLOURS[("better" if r["mean_delta"] > 0 else "worse") if moved else ""]
                raw_only += not moved and any(r[c] is not None and r[c] < 0.05
                                              for c in ("p_value_t", "p_value_randomization"))
        start = section.index(f'aria-label="{candidate} vs {baseline} (k = {k_max})')
        chart = section[start:section.index("</svg>", start)]
        drawn = dict(re.findall(r'<text class="label"[^>]*>([^<]*)</text>(?:<line class="whisker"[^>]*/>)?'
                                r'<circle class="estimate"[^>]*fill="([^"]+)"', chart))
        assert drawn == expected, (baseline, candidate, drawn, expected)
        assert "Holm" in chart and "excludes 0" in chart, chart[:600]  # the legend names the rule
    assert raw_only > 0, "the demo no longer has a metric significant before the correction only"


def _section(page: str, section_id: str) -> str:
    section = page[page.index(f'<section id="{section_id}">'):]
    return section[:section.index("</section>")]


def _text(cell: str) -> str:
    return html.unescape(cell)


def assert_fused_runs_and_hsd_groups_shown(page: str, db: Path) -> None:
    """The fused runs section: each fused run of the demo's var (its configurations named as docs/fusion.md says,
    reference/fusion.py) in a row marked fused with its method, then exactly its input runs in the var's order
    with their weights, each row with the run's means of the main metrics as search_run_metrics holds them; the
    sweep table one row per configuration of those metrics, the best marked as search_fusion_sweep marks it.
    The tests across all runs: one row per (run, metric, k) of search_run_hsd_groups with the Tukey and randomized
    letters that table holds, in run_position order, and one row per pair of search_run_tukey_hsd with its two
    verdicts."""
    sys.path.insert(0, str(REPO_ROOT / "scripts" / "demo"))
    from build_report import num

    with duckdb.connect(str(db), read_only=True) as con:
        run_metrics = fetch_dicts(con, "select * from main.search_run_metrics")
        sweep = fetch_dicts(con, "select * from main.search_fusion_sweep")
        groups = fetch_dicts(con, "select * from main.search_run_hsd_groups")
        pairs = fetch_dicts(con, "select * from main.search_run_tukey_hsd")
    means = {(r["run_id"], r["metric"], r["k"]): r["value"] for r in run_metrics}
    section = _section(page, "fusion")
    header = re.search(r'<table class="data fused sortable"><thead><tr>(.*?)</tr></thead>', section, re.S).group(1)
    labels = [re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<th[^>]*>(.*?)</th>", header)][2:]
    keys = [(label.split("@")[0], int(label.split("@")[1])) for label in labels]
    assert [m for m, _ in keys] == ["ndcg", "average_precision", "precision", "err"], labels

    def metric_cells(run_id):
        return [re.sub(r"<[^>]+>", "", num(means[(run_id, m, k)])) for m, k in keys]

    expected = []
    for fusion in FUSIONS:
        for run_id, weights in ref_fusion.configurations(fusion):
            expected.append(("fused", [run_id, f'fused: {fusion["method"]}'] + metric_cells(run_id)))
            for position, run in enumerate(fusion["runs"], start=1):
                weight = "" if weights is None else f", weight {weights[position - 1]:g}"
                expected.append(("fusion-input", [f"↳ {run}", f"input {position}{weight}"] + metric_cells(run)))
    shown = [(row_class, [_text(c) for c in cells]) for row_class, cells in _html_table(section, "fused")]
    assert len(shown) == len(expected) == 9, shown
    for (row_class, cells), (want_class, want) in zip(shown, expected):
        assert row_class == want_class and cells[0] == want[0] and cells[2:] == want[2:], (cells, want)
        assert cells[1].startswith(want[1]), (cells, want)
    assert "fused: rrf (k = 60), norm min-max" in [cells[1] for _, cells in shown]
    # the sweep: every configuration of the grid's fusion at the main metrics, the best as the table has it
    chosen = [r for r in sweep if (r["metric"], r["k"]) in keys]
    sweep_rows = _html_table(section, "sweep")
    assert len(sweep_rows) == len(chosen) == 2 * len(keys), sweep_rows
    best = {(r["metric"], r["k"], r["weights"]) for r in chosen if r["is_best"]}
    assert len(best) == len(keys)
    assert {(cells[1].split("@")[0], int(cells[1].split("@")[1]), cells[2]) for row_class, cells in sweep_rows
            if row_class == "better" and cells[5] == "best"} == best

    # the tests across all runs: the letters per (run, metric, k), both tests in one row
    section = _section(page, "hsd")
    expected = {}
    for r in groups:
        label = f'{r["metric"]}@{r["k"]}' if r["k"] is not None else r["metric"]
        entry = expected.setdefault((label, r["run_id"]), {"position": r["run_position"],
                                                           "mean": re.sub(r"<[^>]+>", "", num(r["run_mean"]))})
        entry[r["test"]] = r["letters"]
    shown = [[_text(c) for c in cells] for _, cells in _html_table(section, "hsd")]
    assert len(shown) == len(expected) == len({(r["run_id"], r["metric"], r["k"]) for r in groups}) > 0
    assert {(cells[0], cells[1]): (cells[2], cells[3], cells[4]) for cells in shown} == {
        key: (e["mean"], e["tukey"], e["randomized"]) for key, e in expected.items()}
    for label in {label for label, _ in expected}:  # runs by mean, as run_position orders them
        order = [cells[1] for cells in shown if cells[0] == label]
        assert order == sorted(order, key=lambda run: expected[(label, run)]["position"]), (label, order)
    fused_runs = {run_id for fusion in FUSIONS for run_id, _ in ref_fusion.configurations(fusion)}
    assert fused_runs <= {run for _, run in expected}  # the fused runs are among the compared runs
    verdicts = [cells for _, cells in _html_table(section, "hsd-pairs")]
    assert len(verdicts) == len(pairs) > 0
    shown_pairs = {(cells[1], cells[2], cells[0]): (cells[5], cells[7]) for cells in verdicts}
    for r in pairs:
        label = f'{r["metric"]}@{r["k"]}' if r["k"] is not None else r["metric"]
        assert shown_pairs[(r["run_a"], r["run_b"], label)] == ("yes" if r["significant_tukey"] else "",
                                                                "yes" if r["significant_randomized"] else ""), r


@pytest.mark.dbt
def test_report_renders_in_headless_chromium(demo, tmp_path):
    report = tmp_path / "report" / "index.html"
    build = subprocess.run([sys.executable, str(REPO_ROOT / "scripts" / "demo" / "build_report.py"), str(demo["copy"]),
                            str(report)], capture_output=True, text=True, timeout=120)
    assert build.returncode == 0, build.stderr
    page = report.read_text()
    # self-contained: no external script, style, font or image (no network when it is opened)
    assert not re.search(r"<(script|img|iframe)[^>]+src=|<link\b|@import|url\(", page, re.IGNORECASE)
    assert_comparison_forest_plots_follow_the_verdict(page, demo["copy"])
    assert_fused_runs_and_hsd_groups_shown(page, demo["copy"])
    # the counterfactual section: a row per estimate, then per check against the experiment, at the largest cutoff
    section = page[page.index('<section id="counterfactual">'):]
    parts = section[:section.index("</section>")].split("<h3>")
    with duckdb.connect(str(demo["copy"]), read_only=True) as con:
        for name, part in zip(("search_counterfactual_estimates", "search_counterfactual_experiment_checks"), parts,
                              strict=True):
            n = con.execute(f"select count(*) from main.{name} where cutoff = (select max(cutoff) from main.{name})"
                            ).fetchone()[0]
            assert n > 0 and part.split("<tbody>")[1].count("<tr") == n, (name, n)

    chromium = find_chromium()
    if chromium is None:
        # CI installs Chromium (.ci/run) and sets this, so there the browser check can never be skipped
        assert not os.environ.get("SEARCH_METRICS_REQUIRE_CHROMIUM"), "Chromium is required here but not installed"
        pytest.skip("chromium is not installed (Debian: apt-get install -y chromium fonts-liberation); "
                    f"the report was built at {report} but not opened")
    profile = tmp_path / "chromium-profile"
    flags = CHROMIUM_FLAGS + [f"--user-data-dir={profile}", "--window-size=1300,3000"]
    url = report.resolve().as_uri()
    dom = subprocess.run([chromium, *flags, "--dump-dom", url], capture_output=True, text=True, timeout=180)
    assert dom.returncode == 0, dom.stderr[-2000:]
    screenshot = tmp_path / "report.png"
    shot = subprocess.run([chromium, *flags, f"--screenshot={screenshot}", url], capture_output=True, text=True,
                          timeout=180)
    assert shot.returncode == 0, shot.stderr[-2000:]

    # the page's script ran and recorded what the browser laid out
    assert 'data-rendered="true"' in dom.stdout
    check = json.loads(re.search(r'<pre id="render-check"[^>]*>(.*?)</pre>', dom.stdout, re.S).group(1)
                       .replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))
    with duckdb.connect(str(demo["copy"]), read_only=True) as con:
        n_runs_rows = con.execute("select count(distinct (metric, k)) from main.search_run_metrics").fetchone()[0]
        n_comparisons = con.execute("select count(*) from main.search_run_comparison").fetchone()[0]
        n_pairs = con.execute("select count(distinct (baseline, candidate)) from main.search_run_comparison"
                              ).fetchone()[0]
        n_types = con.execute("select count(distinct search_type) from main.search_paulscore_daily").fetchone()[0]
        ndcg = con.execute("select p_value_t, ci_low from main.search_run_comparison where metric = 'ndcg' and k = 10"
                           ).fetchone()
    charts = check["charts"]
    # the A/B experiments' charts are checked with their section below, the judgments' with theirs
    experiment_charts = [c for c in charts if c["label"].startswith("Experiment ")]
    judgment_charts = [c for c in charts if c["label"].startswith("Judgments: ")]
    charts = [c for c in charts if not c["label"].startswith(("Experiment ", "Judgments: "))]
    labels = [c["label"] for c in charts]
    # one forest plot per compared pair, PaulScore per search type, three click rates, AUC per type, four session
    # rates, the interleaving forest plot
    assert len(charts) == n_pairs + n_types + 3 + n_types + 4 + 1, labels
    assert "Interleaving: preference Δ and interval" in labels and "Satisfied-click rate" in labels, labels
    assert any(label.startswith("PaulScore, ") for label in labels)
    for chart in charts:
        assert chart["width"] > 300 and chart["height"] > 100, chart
        assert chart["marks"] > 0 and chart["drawn"] == chart["marks"], chart
    table_rows = [t["rows"] for t in check["tables"]]
    assert n_runs_rows in table_rows and n_comparisons in table_rows, table_rows
    assert all(t["height"] > 20 for t in check["tables"])
    # the numbers in the page are the table's, formatted as the report formats them
    sys.path.insert(0, str(REPO_ROOT / "scripts" / "demo"))
    from build_report import num, pval
    assert re.sub(r"<[^>]+>", "", pval(ndcg[0])) in dom.stdout and num(ndcg[1]) in dom.stdout
    with duckdb.connect(str(demo["copy"]), read_only=True) as con:
        experiments = con.execute("select experiment, team_a, team_b, p_value from main.search_interleaving_experiments"
                                  ).fetchall()
    assert experiments
    for experiment, team_a, team_b, p_value in experiments:  # one forest-plot row per experiment, its p-value shown
        assert f"experiment {experiment}: {team_a} vs {team_b}" in dom.stdout, experiment
        assert re.sub(r"<[^>]+>", "", pval(p_value)) in dom.stdout
    # the verdict opens the report: per pair, the moves that survive the Holm correction, counted here from the table
    assert dom.stdout.index('id="verdict"') < dom.stdout.index('id="runs"')
    with duckdb.connect(str(demo["copy"]), read_only=True) as con:
        pairs = con.execute("""
            select baseline, candidate, count(*) as n,
                count(case when p_value_t_holm < 0.05 and (ci_low > 0 or ci_high < 0) then 1 end) as survive,
                count(case when p_value_t < 0.05 and (ci_low > 0 or ci_high < 0)
                           and not coalesce(p_value_t_holm < 0.05, false) then 1 end) as lost
            from main.search_run_comparison group by baseline, candidate""").fetchall()
    for baseline, candidate, n, survive, lost in pairs:
        summary = f"{survive} of {n} metric × k moved after the correction"
        assert summary + (f"; {lost} more were significant only before it" if lost else "") + "." in dom.stdout, pairs

    # the rater-agreement panel: one table row per figure over all queries, the binary alpha as the table has it
    with duckdb.connect(str(demo["copy"]), read_only=True) as con:
        n_overall, alpha = con.execute("""
            select count(*), max(case when scale = 'binary' and measure = 'krippendorff_alpha' then value end)
            from main.search_judgment_agreement where query_id is null""").fetchone()
    agreement = dom.stdout[dom.stdout.index('id="agreement"'):]
    agreement = agreement[:agreement.index("</section>")]
    assert n_overall in table_rows and n_overall >= 6, table_rows
    assert f">{num(alpha, 3)}<" in agreement and "Cohen" in agreement

    # the A/B experiments: the sample-ratio check first, a warning banner exactly for the experiments whose units per
    # bucket fail scipy's chi-square against equal shares (the example's experiment 3, split 70/30), then per
    # comparison a forest plot of the relative differences and the main metric's always-valid band over the days
    with duckdb.connect(str(demo["copy"]), read_only=True) as con:
        reference = _experiment_reference(con)
    failed = {e for e, p in reference["srm_p_values"].items() if p is not None and p < 0.001}
    assert failed == {"3"}, reference["srm_p_values"]
    section = dom.stdout[dom.stdout.index('id="experiments"'):]
    section = section[:section.index("</section>")]
    assert set(re.findall(r'<div class="banner srm-failed"[^>]*data-experiment="([^"]+)"', section)) == failed
    for experiment in failed:
        banner = section[section.index(f'data-experiment="{experiment}"'):]
        observed = " / ".join(f"{bucket} {n}" for (e, bucket), n in sorted(reference["n_units"].items())
                              if e == experiment)
        assert f"{observed} units" in banner[:banner.index("</div>")], observed
        assert section.index(f'data-experiment="{experiment}"') < section.index('<svg class="chart')
    for experiment in set(reference["srm_p_values"]) - failed:
        assert f"Experiment {experiment}: sample ratio passed" in section, experiment
    expected_labels = []
    for experiment in sorted(reference["srm_p_values"]):
        buckets = sorted(b for e, b in reference["n_units"] if e == experiment)  # the baseline: the first bucket
        for candidate in buckets[1:]:
            expected_labels += [
                f"Experiment {experiment}: {candidate} vs {buckets[0]}, relative difference and interval",
                f"Experiment {experiment}: Δ clickthrough_rate by day, always-valid interval"]
    assert sorted(c["label"] for c in experiment_charts) == sorted(expected_labels), experiment_charts
    for chart in experiment_charts:
        assert chart["width"] > 300 and chart["height"] > 100, chart
        assert chart["marks"] > 0 and chart["drawn"] == chart["marks"], chart

    # the judgments section's interval bars (its numbers: test_report_judgments_section_reads_the_judging_tables)
    assert [c["label"] for c in judgment_charts] == ["Judgments: value and unjudged readings per run"], judgment_charts
    for chart in judgment_charts:
        assert chart["width"] > 300 and chart["height"] > 100, chart
        assert chart["marks"] > 0 and chart["drawn"] == chart["marks"], chart

    assert screenshot.exists()
    assert png_size(screenshot) == (1300, 3000)
    assert screenshot.stat().st_size > 50_000  # a blank page compresses to a few kB


# ---------------------------------------------------------------------------------------------------------------
# the report's judgments section (the judgment_coverage and judge_validation families, docs/judgments.md)
# ---------------------------------------------------------------------------------------------------------------


def _html_table(html_text: str, css_class: str) -> list[tuple[str, list[str]]]:
    """The body rows of the report's table of that class: (the row's class, its cells' text)."""
    found = re.search(rf'<table class="data {css_class} sortable">.*?<tbody>(.*?)</tbody></table>', html_text, re.S)
    assert found, css_class
    rows = []
    for row_class, cells in re.findall(r'<tr(?: class="([^"]*)")?>(.*?)</tr>', found.group(1), re.S):
        rows.append((row_class, [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", cells,
                                                                                         re.S)]))
    return rows


def _automated(rater_id, entries) -> bool:
    """docs/judgments.md: an entry ending in * is a prefix; a null rater_id is human."""
    return rater_id is not None and any(rater_id.startswith(e[:-1]) if e.endswith("*") else rater_id == e
                                        for e in entries)


@pytest.mark.dbt
def test_report_judgments_section_reads_the_judging_tables(demo):
    """The report's "Judgments" section of the demo build: judged@k per run and cutoff, the top of the queue, the
    unjudged readings of the main metrics as interval bars (bounds or values as readings_are_bounds says, which for
    these metrics docs/judgments.md states: precision and ERR bounds, nDCG and AP values), and per automated judge
    (the click models' rater ids and the example's LLM judge, read from the seed) tau-b, tau_AP and the verdict
    agreement; item-level kappa / alpha when search_judge_agreement exists. Numbers as the tables hold them."""
    sys.path.insert(0, str(REPO_ROOT / "scripts" / "demo"))
    from build_report import JUDGMENT_METRICS, N_QUEUE, TAU_EQUIVALENT, build, read_tables
    from build_report import num as num_html

    def num(value, digits=4) -> str:  # as the report shows it, without its markup (null)
        return re.sub(r"<[^>]+>", "", num_html(value, digits))

    page = build(read_tables(str(demo["copy"]), "main"), "demo")
    section = page[page.index('<section id="judgments">'):]
    section = section[:section.index("</section>")]
    results = read_csv(REPO_ROOT / "seeds" / "search_metrics_example_results.csv")
    judgments = read_csv(REPO_ROOT / "seeds" / "search_metrics_example_judgments.csv")
    # the example's runs and the demo's fused runs (docs/fusion.md: every configuration of a fusion is a run)
    runs = sorted({r["run_id"] for r in results} | {run_id for fusion in FUSIONS
                                                    for run_id, _ in ref_fusion.configurations(fusion)})
    with duckdb.connect(str(demo["copy"]), read_only=True) as con:
        coverage = fetch_dicts(con, "select * from main.search_run_judgment_coverage")
        queue = fetch_dicts(con, "select * from main.search_judgment_queue order by priority desc, query_id, "
                                 "priority_rank")
        bounds = fetch_dicts(con, "select * from main.search_run_unjudged_bounds")
        judges = fetch_dicts(con, "select * from main.search_judge_run_agreement")
        item_table = con.execute("select count(*) from information_schema.tables where table_schema = 'main' "
                                 "and table_name = 'search_judge_agreement'").fetchone()[0]
        items = fetch_dicts(con, "select * from main.search_judge_agreement") if item_table else None

    # coverage: one row per run of the example, judged@k at every cutoff
    cutoffs = sorted({r["k"] for r in coverage})
    k_max = cutoffs[-1]
    rows = {cells[0]: cells for _, cells in _html_table(section, "coverage")}
    assert sorted(rows) == runs and len(cutoffs) > 1, (rows, cutoffs)
    for r in coverage:
        assert rows[r["run_id"]][1 + cutoffs.index(r["k"])] == num(r["judged_at_k"], 3), r
        if r["k"] == k_max:
            assert rows[r["run_id"]][-2:] == [f'{r["n_unjudged"]} / {r["n_results"]}',
                                              f'{r["n_fully_judged_queries"]} / {r["n_queries"]}'], r
    # the queue: its size, then the first pairs by priority
    assert f"{len(queue)} (query, doc) pairs" in section and len(queue) > N_QUEUE
    assert [tuple(cells[:2]) for _, cells in _html_table(section, "queue")] == [
        (r["query_id"], r["doc_id"]) for r in queue[:N_QUEUE]]

    # the unjudged readings of the main metrics at the largest cutoff: a bar per run, bounds or values
    main = {(r["metric"], r["k"]): r for r in bounds if r["metric"] in JUDGMENT_METRICS and r["k"] == k_max}
    assert {m for m, _ in main} == set(JUDGMENT_METRICS)
    assert {m: r["readings_are_bounds"] for (m, _), r in main.items()} == {
        "ndcg": False, "average_precision": False, "precision": True, "err": True}
    chosen = [r for r in bounds if r["metric"] in JUDGMENT_METRICS and r["k"] == k_max]
    marks = set(re.findall(r'<g class="reading" data-run="([^"]+)" data-metric="([^"]+)" data-bounds="(\w+)">',
                           section))
    assert marks == {(r["run_id"], f'{r["metric"]}@{k_max}', str(bool(r["readings_are_bounds"])).lower())
                     for r in chosen}, marks
    assert {run for run, _, _ in marks} == set(runs)
    assert "bounds: pessimistic (unjudged = grade 0) to optimistic (unjudged = top grade)" in section
    assert "the same two readings where they are values, not bounds" in section
    table_rows = {(cells[0], cells[1]): cells for _, cells in _html_table(section, "bounds")}
    for r in chosen:
        cells = table_rows[(r["run_id"], f'{r["metric"]}@{k_max}')]
        assert cells[2:6] == [num(r["value"]), num(r["pessimistic_value"]), num(r["optimistic_value"]),
                              "bounds" if r["readings_are_bounds"] else "values"], (r, cells)
    # whether judging the gaps could reorder the runs, per metric whose readings are bounds
    for metric in ("precision", "err"):
        group = [r for r in chosen if r["metric"] == metric]
        assert len(group) == len(runs) >= 2
        overlap = any(a["pessimistic_value"] <= b["optimistic_value"] and b["pessimistic_value"] <= a["optimistic_value"]
                      for i, a in enumerate(group) for b in group[i + 1:])
        note = re.search(rf'<li data-metric="{metric}@{k_max}" class="(\w+)">', section)
        assert note and note.group(1) == ("unsettled" if overlap else "settled"), metric

    # the automated judges: the click models (the demo's click_models family) and the seed's llm:* raters
    entries = EXAMPLES["search_metrics_automated_raters"]
    automated = {"sdbn", "coec", "pbm"} | {j["rater_id"] for j in judgments if _automated(j["rater_id"], entries)}
    assert "llm:demo" in automated
    shown = _html_table(section, "judges")
    assert {cells[0] for _, cells in shown} == automated == {r["rater_id"] for r in judges}
    by_key = {(cells[0], cells[1]): (row_class, cells) for row_class, cells in shown}
    assert len(by_key) == len(automated) * len(JUDGMENT_METRICS)
    for r in judges:
        if r["metric"] not in JUDGMENT_METRICS or r["k"] != k_max:
            continue
        row_class, cells = by_key[(r["rater_id"], f'{r["metric"]}@{k_max}')]
        assert cells[2:] == [str(r["n_runs"]), str(r["n_queries"]), num(r["kendall_tau_b"], 3), num(r["tau_ap"], 3),
                             f'{r["n_same_verdict"]} / {r["n_run_pairs"]}', num(r["verdict_agreement"], 3),
                             num(r["max_abs_difference"], 3)], (r, cells)
        disagrees = ((r["kendall_tau_b"] is not None and r["kendall_tau_b"] < TAU_EQUIVALENT)
                     or (r["verdict_agreement"] is not None and r["verdict_agreement"] < 1))
        assert (row_class == "worse") == disagrees, (r, row_class)
    # the LLM judge graded 7 of the 8 queries the runs returned (the seed): its run means are over those
    returned = {r["query_id"] for r in results}
    llm_queries = {j["query_id"] for j in judgments if j["rater_id"] == "llm:demo" and j["query_id"] in returned}
    assert len(llm_queries) == len(returned) - 1
    assert by_key[("llm:demo", f"ndcg@{k_max}")][1][3] == str(len(llm_queries))

    # item-level agreement of each judge with the humans, once search_judge_agreement exists
    if items is None:
        assert "search_judge_agreement" not in section
    else:
        assert "search_judge_agreement" in section
        if items:
            cells = [c for _, row in _html_table(section, "judge-items") for c in row]
            for r in items:
                assert r["rater_id"] in cells and num(r["value"], 3) in cells, r
