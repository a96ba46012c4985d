"""The demo build and a consumer project that installs the package from a local path.

- `dbt build` with the example seeds passes every data test, and its numbers equal the reference's (the build is
  the `demo` fixture of demo_build.py, which test_bi_and_report.py reads as well).
- A consumer project points the vars at its own tables, gets the same numbers, and its warehouse holds
  none of the package's example seeds.
"""

import json
import shutil
import textwrap

import duckdb
import pytest
import yaml

from demo_build import EXAMPLES
from harness import DEMO_WARNINGS, REPO_ROOT, assert_rows_match, fetch_dicts, read_csv
from reference import fusion as ref_fusion
from reference import judged as ref

EXAMPLE_RESULTS = REPO_ROOT / "seeds" / "search_metrics_example_results.csv"
EXAMPLE_JUDGMENTS = REPO_ROOT / "seeds" / "search_metrics_example_judgments.csv"


# the demo's automated raters: the example's LLM judge (rater_id llm:demo) and the click models
AUTOMATED_RATERS = EXAMPLES["search_metrics_automated_raters"]


def is_automated(rater_id) -> bool:
    """docs/judgments.md: an entry ending in * is a prefix; a null rater_id is human."""
    return rater_id is not None and any(rater_id.startswith(entry[:-1]) if entry.endswith("*") else rater_id == entry
                                        for entry in AUTOMATED_RATERS)


def expected_tables(fusions=()):
    results, judgments = read_csv(EXAMPLE_RESULTS), read_csv(EXAMPLE_JUDGMENTS)
    # with `fusions` (var search_metrics_fusions) the fused runs, by reference/fusion.py (ranx's definitions), are
    # runs of every table too
    runs = results + ref_fusion.fused_results(results, list(fusions))
    # the judged metrics read the human judgments only
    query_rows = ref.query_metrics(runs, [j for j in judgments if not is_automated(j["rater_id"])])
    return results, judgments, query_rows, ref.run_metrics(query_rows)


def check_outputs(con, schema, fusions=()):
    results, judgments, query_rows, run_rows = expected_tables(fusions)
    assert_rows_match(fetch_dicts(con, f"select * from {schema}.search_query_metrics"), query_rows,
                      key=("run_id", "query_id", "metric", "k"), value_columns=("value",))
    assert_rows_match(fetch_dicts(con, f"select * from {schema}.search_run_metrics"), run_rows,
                      key=("run_id", "metric", "k"), value_columns=("value", "n_queries", "n_queries_total"))
    quality = fetch_dicts(con, f"select * from {schema}.search_input_quality")
    n_by_input = {}
    for row in quality:
        n_by_input[row["input_name"]] = n_by_input.get(row["input_name"], 0) + row["n_rows"]
    # nothing is dropped without being counted
    judged_inputs = {name: n for name, n in n_by_input.items() if name in ("results", "judgments")}
    assert judged_inputs == {"results": len(results), "judgments": len(judgments)}
    returned = {r["query_id"] for r in results}
    ignored = sum(r["n_rows"] for r in quality if r["input_name"] == "judgments" and r["status"] == "ignored")
    assert ignored == sum(1 for j in judgments if j["query_id"] not in returned) > 0
    # the automated judge's rows are counted as not used by the judged metrics
    not_used = sum(r["n_rows"] for r in quality if r["input_name"] == "judgments" and r["status"] == "not_used")
    assert not_used == sum(1 for j in judgments if is_automated(j["rater_id"]) and j["query_id"] in returned) > 0


@pytest.mark.dbt
def test_demo_build_passes_and_matches_reference(demo):
    """The demo build (demo_build.py, shared with test_bi_and_report.py)."""
    statuses = demo["statuses"]
    assert set(statuses["model"].values()) == {"success"}
    # every data test passes, except the warnings the example logs trip on purpose (unknown search_ids, and the sample
    # ratio mismatch of the example's experiment 3)
    test_statuses = statuses["test"]
    assert {name for name, status in test_statuses.items() if status != "pass"} == DEMO_WARNINGS, test_statuses
    assert all(test_statuses[name] == "warn" for name in DEMO_WARNINGS), test_statuses
    with duckdb.connect(str(demo["copy"]), read_only=True) as con:
        check_outputs(con, "main", EXAMPLES["search_metrics_fusions"])


def test_make_demo_builds_with_the_vars_of_the_tested_demo_build():
    """`make demo` passes DEMO_VARS to dbt: the vars of the demo build the tests read (demo_build.EXAMPLES)."""
    lines = [line for line in (REPO_ROOT / "Makefile").read_text().splitlines() if line.startswith("DEMO_VARS :=")]
    assert len(lines) == 1, lines
    assert yaml.safe_load(lines[0].split(":=", 1)[1]) == EXAMPLES
    assert "--vars '$(DEMO_VARS)'" in (REPO_ROOT / "Makefile").read_text()


@pytest.mark.dbt
def test_consumer_project_installs_the_package_and_gets_the_same_numbers(dbt_project, tmp_path):
    consumer = tmp_path / "consumer"
    (consumer / "seeds").mkdir(parents=True)
    # the consumer's own tables, under its own names, with the contract's columns
    shutil.copy(EXAMPLE_RESULTS, consumer / "seeds" / "ranker_output.csv")
    shutil.copy(EXAMPLE_JUDGMENTS, consumer / "seeds" / "relevance_labels.csv")
    db = tmp_path / "consumer.duckdb"
    (consumer / "dbt_project.yml").write_text(textwrap.dedent("""
        name: consumer
        version: "1.0.0"
        config-version: 2
        profile: consumer
        seeds:
          consumer:
            ranker_output:
              +column_types: {run_id: varchar, query_id: varchar, doc_id: varchar, rank: integer, score: double}
            relevance_labels:
              +column_types: {query_id: varchar, doc_id: varchar, rater_id: varchar, grade: double, scale: varchar}
        vars:
          search_metrics_results: "{{ ref('ranker_output') }}"
          search_metrics_judgments: "{{ ref('relevance_labels') }}"
          search_metrics_automated_raters: [sdbn, coec, pbm, "llm:*"]
    """))
    (consumer / "packages.yml").write_text(f"packages:\n  - local: {REPO_ROOT}\n")
    # a model of the consumer's own that calls metric macros directly (docs/metrics.md, "Calling a metric macro"):
    # each runs the shared pass with its one metric, at cutoffs of its own
    (consumer / "models").mkdir()
    (consumer / "models" / "my_metric_calls.sql").write_text(textwrap.dedent("""
        {{ config(enabled=var('search_metrics_results') is not none) }}
        {%- set results = ref('search_metrics_int_labeled_results') -%}
        {%- set pool = ref('search_metrics_int_pool') -%}
        select 'ndcg_pool' as metric, run_id, query_id, k, value
        from ({{ search_metrics.ndcg(results, cutoffs=[2, 4], pool=pool, ideal='pool') }}) as ndcg_calls
        union all
        select 'average_precision', run_id, query_id, k, value
        from ({{ search_metrics.average_precision(results, cutoffs=[2, 4]) }}) as ap_calls
    """))
    (consumer / "profiles.yml").write_text(textwrap.dedent(f"""
        consumer:
          target: dev
          outputs:
            dev: {{type: duckdb, path: "{db}", schema: analytics, threads: 2}}
    """))
    deps = dbt_project.invoke(["deps"], project_dir=consumer, target_name="consumer", profiles_dir=consumer)
    assert deps.success, deps.exception

    # with its input vars unset, the package builds nothing and says so at run start: one line per family
    messages = []
    unset = {"search_metrics_results": None, "search_metrics_judgments": None}
    seed = dbt_project.invoke(["seed", "--vars", json.dumps(unset)], project_dir=consumer, target_name="consumer",
                              profiles_dir=consumer, callbacks=[lambda event: messages.append(event.info.msg)])
    assert seed.success, seed.exception
    notices = [m for m in messages if m.startswith("search_metrics: the ")]
    assert [n.split()[2] for n in notices] == ["judgment_metrics", "clicks", "click_auc", "judgment_coverage", "llm_judge", "judge_validation", "comparisons", "experiments",
                                                "click_models", "click_agreement", "interleaving", "sessions",
                                                "diversity", "counterfactual"], notices
    assert "set search_metrics_results and search_metrics_judgments" in notices[0]

    messages.clear()
    build = dbt_project.invoke(["build"], project_dir=consumer, target_name="consumer", profiles_dir=consumer,
                               callbacks=[lambda event: messages.append(event.info.msg)], write_json=True)
    assert build.success, build.exception
    assert not [m for m in messages if m.startswith("search_metrics: the ")]  # quiet once a family is on
    manifest = json.loads((dbt_project.workdir / "target_consumer" / "manifest.json").read_text())
    package_models = {n["name"] for n in manifest["nodes"].values()
                      if n["package_name"] == "search_metrics" and n["resource_type"] in ("model", "seed")}
    # only the judged and comparison families: no example seed, and no example-wired input (the bucket column)
    assert package_models and not {m for m in package_models if "example" in m or "click" in m
                                   or "paulscore" in m or "auc" in m or "experiment" in m}, package_models
    with duckdb.connect(str(db)) as con:
        check_outputs(con, "analytics")
        results, judgments, _, _ = expected_tables()
        calls = ref.query_metrics(results, [j for j in judgments if not is_automated(j["rater_id"])], cutoffs=(2, 4),
                                  metrics=["ndcg_pool", "average_precision"])
        assert_rows_match(fetch_dicts(con, "select * from analytics.my_metric_calls"), calls,
                          key=("run_id", "query_id", "metric", "k"), value_columns=("value",))
        tables = {row["table_name"] for row in fetch_dicts(con, "select table_name from information_schema.tables")}
    assert not {t for t in tables if t.startswith("search_metrics_example")}, tables
    assert {"ranker_output", "relevance_labels", "search_query_metrics", "search_run_metrics"} <= tables
