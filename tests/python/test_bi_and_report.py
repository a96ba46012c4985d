"""For BI tools (issue 6): the dbt semantic layer parses and means what it says, every column is documented,
`dbt docs generate` works, and the static HTML report renders in a real browser (headless Chromium).

One demo build (the example seeds, every model family, the A/B bucket column) into a temporary DuckDB file is
shared by the tests of this module.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import sys
import textwrap
from pathlib import Path

import duckdb
import pytest

from harness import DEMO_WARNINGS, INPUT_SCHEMA, REPO_ROOT, fetch_dicts

EXAMPLES = {"search_metrics_examples": True}
SEMANTIC_MODELS = {"search_judged_query_metrics", "search_run_comparisons", "search_query_deltas",
                   "search_paulscore_daily", "search_click_metrics_daily", "search_paulscore_comparison"}
EXPOSURES = {"search_ranker_comparison_dashboard", "search_click_quality_dashboard", "search_click_auc_dashboard",
             "search_paulscore_ab_dashboard"}
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def demo(dbt_project, tmp_path_factory):
    """`dbt build` of the demo (every family, A/B buckets) into a temporary DuckDB file; its manifest."""
    workdir = tmp_path_factory.mktemp("bi_demo")
    db = workdir / "demo.duckdb"
    profiles = workdir / "profiles"
    profiles.mkdir()
    (profiles / "profiles.yml").write_text(textwrap.dedent(f"""
        search_metrics:
          target: duckdb
          outputs:
            duckdb: {{type: duckdb, path: "{db}", threads: 2}}
    """))
    result = dbt_project.invoke(["build", "--vars", json.dumps(EXAMPLES)], target_name="bi_demo",
                                profiles_dir=profiles)
    assert result.success, result.exception
    failed = [(r.node.name, str(r.status)) for r in result.result.results
              if str(r.status) not in ("pass", "success") and r.node.resource_type != "exposure"]
    assert sorted(failed) == sorted((name, "warn") for name in DEMO_WARNINGS), failed
    manifest = json.loads((dbt_project.workdir / "target_bi_demo" / "manifest.json").read_text())
    # dbt-duckdb keeps the file open in this process: checkpoint it and read a copy (read-only, any process)
    with duckdb.connect(str(db)) as con:
        con.execute("checkpoint")
    copy = workdir / "demo_copy.duckdb"
    shutil.copy(db, copy)
    return {"db": db, "copy": copy, "profiles": profiles, "manifest": manifest, "workdir": workdir}


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
            "search_abandonment_rate", "search_zero_result_rate", "search_comparison_p_value_t",
            "search_ab_p_value_randomization"} <= set(metrics)
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

        # the ratio metrics mean what their descriptions say
        mean_by_run = {(r["run_id"], r["metric"], r["k"]): r["value"] for r in fetch_dicts(con, """
            select run_id, metric, k, sum(value) / count(value) as value
            from main.search_query_metrics group by run_id, metric, k""")}
        for row in fetch_dicts(con, "select * from main.search_run_metrics"):
            a, b = mean_by_run[(row["run_id"], row["metric"], row["k"])], row["value"]
            assert (a is None and b is None) or abs(a - b) < 1e-12
        for row in fetch_dicts(con, """
                select d.baseline, d.candidate, d.metric, d.k, sum(d.delta) / count(d.delta) as ratio, c.mean_delta
                from main.search_query_deltas d join main.search_run_comparison c using (baseline, candidate, metric)
                where d.k is not distinct from c.k
                group by d.baseline, d.candidate, d.metric, d.k, c.mean_delta"""):
            assert abs(row["ratio"] - row["mean_delta"]) < 1e-12
        for row in fetch_dicts(con, """
                select *, coalesce(clickthrough_rate, 0) * n_searches_with_results as clicked_with_results
                from main.search_click_metrics_daily where n_searches_with_results > 0"""):
            assert abs(row["clicked_with_results"] - round(row["clicked_with_results"])) < 1e-9
            assert abs(1 - row["clicked_with_results"] / row["n_searches_with_results"] - row["abandonment_rate"]) < 1e-12


JUDGED_INPUTS = {"search_metrics_results": f"{INPUT_SCHEMA}.results",
                 "search_metrics_judgments": f"{INPUT_SCHEMA}.judgments"}
CLICK_INPUTS = {"search_metrics_searches": f"{INPUT_SCHEMA}.searches", "search_metrics_clicks": f"{INPUT_SCHEMA}.clicks"}
FAMILY_CONFIGURATIONS = {
    "none": {},
    "judged only": JUDGED_INPUTS,
    "judged, comparisons switched off": {**JUDGED_INPUTS, "search_metrics_enable_comparisons": False},
    "clicks with impressions": {**CLICK_INPUTS, "search_metrics_impressions": f"{INPUT_SCHEMA}.impressions"},
    "clicks with a bucket column": {**CLICK_INPUTS, "search_metrics_bucket_column": "bucket"},
    "examples, judged switched off": {**EXAMPLES, "search_metrics_enable_judged": False},
    "examples, click_auc and bucket_comparisons switched off": {
        **EXAMPLES, "search_metrics_enable_click_auc": False, "search_metrics_enable_bucket_comparisons": False},
}


def _dependencies(manifest: dict) -> dict[str, set[str]]:
    """{semantic model or exposure name: the model names it reads}."""
    return {node["name"]: {uid.split(".")[-1] for uid in node["depends_on"]["nodes"]}
            for kind in ("semantic_models", "exposures") for node in manifest[kind].values()}


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
    manifest = json.loads((dbt_project.workdir / f"target_{target}" / "manifest.json").read_text())
    models = {node["name"] for node in manifest["nodes"].values() if node["resource_type"] == "model"}
    built = set(_dependencies(manifest))
    expected = {name for name, reads in every.items() if reads <= models}
    assert built == expected, (configuration, sorted(built ^ expected))
    has_spine = "search_metrics_util_time_spine" in models
    if configuration == "none":
        assert (models, built, len(manifest["metrics"]), has_spine) == (set(), set(), 0, False)
    else:
        assert has_spine and built, configuration


# ---------------------------------------------------------------------------------------------------------------
# docs
# ---------------------------------------------------------------------------------------------------------------


@pytest.mark.dbt
def test_docs_generate_and_every_column_of_every_model_is_described(dbt_project, demo):
    result = dbt_project.invoke(["docs", "generate", "--vars", json.dumps(EXAMPLES)], target_name="bi_demo",
                                profiles_dir=demo["profiles"])
    assert result.success, result.exception
    target = dbt_project.workdir / "target_bi_demo"
    catalog = json.loads((target / "catalog.json").read_text())
    manifest = json.loads((target / "manifest.json").read_text())
    assert (target / "index.html").exists()
    models = {uid: node for uid, node in manifest["nodes"].items()
              if node["resource_type"] == "model" and node["package_name"] == "search_metrics"}
    assert {"search_run_comparison", "search_query_deltas", "search_paulscore_comparison",
            "search_metrics_util_time_spine"} <= {node["name"] for node in models.values()}
    problems = []
    for uid, node in models.items():
        if not node["description"].strip():
            problems.append((node["name"], "(model)", "no description"))
        built = {c.lower() for c in catalog["nodes"][uid]["columns"]}
        documented = {c.lower(): col for c, col in node["columns"].items()}
        for column in sorted(built - set(documented)):
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


@pytest.mark.dbt
def test_report_renders_in_headless_chromium(demo, tmp_path):
    report = tmp_path / "report" / "index.html"
    build = subprocess.run([sys.executable, str(REPO_ROOT / "scripts" / "demo" / "build_report.py"), str(demo["copy"]),
                            str(report)], capture_output=True, text=True, timeout=120)
    assert build.returncode == 0, build.stderr
    page = report.read_text()
    # self-contained: no external script, style, font or image (no network when it is opened)
    assert not re.search(r"<(script|img|iframe)[^>]+src=|<link\b|@import|url\(", page, re.IGNORECASE)

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
        n_types = con.execute("select count(distinct search_type) from main.search_paulscore_daily").fetchone()[0]
        ndcg = con.execute("select p_value_t, ci_low from main.search_run_comparison where metric = 'ndcg' and k = 10"
                           ).fetchone()
    charts = check["charts"]
    labels = [c["label"] for c in charts]
    # one forest plot per compared pair, PaulScore per search type, three click rates, AUC per type, the A/B plot
    assert len(charts) == 1 + n_types + 3 + n_types + 1, labels
    assert any(label.startswith("PaulScore, ") for label in labels)
    assert any(label.startswith("PaulScore A/B") for label in labels)
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

    assert screenshot.exists()
    assert png_size(screenshot) == (1300, 3000)
    assert screenshot.stat().st_size > 50_000  # a blank page compresses to a few kB
