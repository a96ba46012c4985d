"""Every valid metric list builds: for each list of var search_metrics_metrics (drawn from every metric type of
macros/config/metric_types.sql and every built-in name of builtin_metrics.sql and diversity_builtin_metrics.sql, with
the subtopic input set or not), every enabled model of the judged, comparisons, judgment_coverage, judge_validation and diversity families
(trec_eval off) builds on DuckDB, and the metric tables hold exactly the listed metrics' rows:
search_query_metrics and search_run_metrics every listed metric at every cutoff (no cutoff: one row, k null) with the
reference's values (reference/judged.py, reference/diversity.py), search_query_deltas and search_run_comparison every
listed metric, search_metrics_int_source_query_metrics every listed metric but the diversity ones for every source
key, search_query_unjudged_bounds every listed metric but the diversity ones and those that describe the judgments
(coverage, binary_ties, rbp_residual), the judge_validation family's and the comparison bounds' tables none other; the precision-recall
curves exactly when an average_precision_11pt metric is listed, the diversity models exactly when the subtopic input
is set.

The hard lists (explicit examples): only diversity metrics (search_metrics_int_source_query_metrics has no metric to
compute: it compiled to an empty `with ( );` and is now built empty), only nrbp (diversity, no cutoff); only coverage
(no score type, no readings, reads the results nobody judged, and needs no input outside judged: search_run_metrics,
search_run_comparison and search_judgment_queue still build); only counts (no cutoff, no score type); only the types
that describe the judgments (unjudged, binary_ties, rbp_residual); only pool-reading ones, one of them condensed; one
average_precision_11pt (one metric without a cutoff, the curves on); one precision with the subtopic input set (a
cutoff metric, the diversity family on without a diversity metric). The empty list and a diversity metric without
the subtopic input are named compile errors (test_config_errors.py).

Cost: a compile per list would be a whole parse each. The lists are rendered in one dbt context instead
(one_context_models.py: one parse), which a test holds equal to `dbt compile` model by model, and each list's SQL runs
through the harness (DbtProject.run_models) on one small fixed dataset."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from harness import (INPUT_SCHEMA, JUDGMENTS_COLUMNS, REPO_ROOT, RESULTS_COLUMNS, assert_rows_match, load_table)
from one_context_models import OneContextModels
from reference import diversity as ref_diversity
from reference import judged as ref_judged

pytestmark = pytest.mark.dbt

SUBTOPIC_COLUMNS = [("query_id", "varchar"), ("subtopic_id", "varchar"), ("doc_id", "varchar"), ("grade", "double")]
CUTOFFS = [1, 3]
INPUTS = {"search_metrics_results": f"{INPUT_SCHEMA}.results", "search_metrics_judgments": f"{INPUT_SCHEMA}.judgments"}
SUBTOPIC_INPUT = {"search_metrics_subtopic_judgments": f"{INPUT_SCHEMA}.subtopics"}
# few resampling draws: the lists' shapes are under test here, the tests' numbers in test_comparisons.py
SETTINGS_VARS = {"search_metrics_cutoffs": CUTOFFS, "search_metrics_permutations": 20,
                 "search_metrics_bootstrap_samples": 20}
AUTOMATED = "sdbn"  # a default automated rater: the judge_validation family has a judge


def read(path: str) -> str:
    return (REPO_ROOT / path).read_text()


TYPES = re.findall(r"^\s*'(\w+)': {'macro'", read("macros/config/metric_types.sql"), re.M)
BUILTIN_NAMES = re.findall(r"'name'\s*:\s*'(\w+)'", read("macros/config/builtin_metrics.sql"))
DIVERSITY_BUILTIN_NAMES = re.findall(r"'name'\s*:\s*'(\w+)'", read("macros/config/diversity_builtin_metrics.sql"))
# the registry's entries (each begins on its own line); the diversity types read the subtopic judgments
REGISTRY_ENTRIES = dict(re.findall(r"^\s*'(\w+)': ({'macro'.*?)(?=^\s*'\w+': {'macro'|\Z)",
                                   read("macros/config/metric_types.sql"), re.M | re.S))
DIVERSITY_TYPES = {name for name, entry in REGISTRY_ENTRIES.items() if "'reads': 'subtopics'" in entry}
# one entry of every type, with its required parameters (and a few that are not defaults)
TYPE_PARAMETERS = {"precision": {"scale": "graded", "threshold": 2}, "average_precision": {"condensed": True},
                   "ndcg": {"whole_list": True}, "rbp": {"persistence": 0.5}, "rbp_residual": {"persistence": 0.5},
                   "count": {"count": "nonrelevant_retrieved"}, "r_precision_multiple": {"multiple": 2},
                   "utility": {"d": 1, "collection_size": 40}, "err_ia": {"alpha": 0.3}}
TYPE_ENTRIES = [{"name": f"{metric_type}_entry", "type": metric_type, **TYPE_PARAMETERS.get(metric_type, {})}
                for metric_type in TYPES]
POOL = BUILTIN_NAMES + DIVERSITY_BUILTIN_NAMES + TYPE_ENTRIES
DESCRIBE_THE_JUDGMENTS = {"coverage", "binary_ties", "rbp_residual"}  # no readings (docs/judgments.md)


def name_of(item) -> str:
    return item if isinstance(item, str) else item["name"]


def type_of(item) -> str:
    if isinstance(item, dict):
        return item["type"]
    builtins = {spec["name"]: spec["type"] for spec in ref_judged.BUILTIN_METRICS}
    return builtins.get(item) or ref_diversity.BUILTINS[item]["type"]


def test_the_pool_holds_every_type_and_built_in():
    assert len(TYPES) == len(set(TYPES)) > 30 and "precision" in TYPES and "subtopic_recall" in TYPES
    assert DIVERSITY_TYPES == ref_diversity.TYPES
    assert {type_of(item) for item in POOL} == set(TYPES)
    assert len(BUILTIN_NAMES) > 20 and set(DIVERSITY_BUILTIN_NAMES) == set(ref_diversity.BUILTINS)


@st.composite
def metric_lists(draw):
    """(subtopic input set, a metric list): 1 to 4 entries of the pool, the diversity ones only with the input."""
    subtopics = draw(st.booleans())
    pool = [item for item in POOL if subtopics or type_of(item) not in DIVERSITY_TYPES]
    return subtopics, draw(st.lists(st.sampled_from(pool), min_size=1, max_size=4, unique_by=name_of))


def dataset(seed: int = 46):
    """Three runs over four queries, ranks to 6 (beyond the largest cutoff, with gaps in run_b), two human raters and
    the automated one: q0 graded with subtopics, q1 binary without subtopics, q2 detail (run_c does not return it),
    q3 judged by the automated rater alone; unjudged results in every query, a pooled doc with a null grade."""
    rng = random.Random(seed)
    results, judgments, subtopics = [], [], []
    scales = {"q0": ("graded", [0, 1, 2, 3]), "q1": ("binary", [0, 1]), "q2": ("detail", list(range(1, 11))),
              "q3": ("graded", [0, 1, 2, 3])}
    for query_id, (scale, grades) in scales.items():
        docs = [f"{query_id}_d{i}" for i in range(8)]
        for doc_id in docs[:5]:
            raters = [AUTOMATED] if query_id == "q3" else ["h1", "h2", AUTOMATED][: rng.randint(1, 3)]
            for rater_id in raters:
                judgments.append({"query_id": query_id, "doc_id": doc_id, "rater_id": rater_id,
                                  "grade": rng.choice(grades), "scale": scale})
        judgments.append({"query_id": query_id, "doc_id": docs[5], "rater_id": "h1", "grade": None, "scale": scale})
        if query_id == "q0":
            subtopics += [{"query_id": "q0", "subtopic_id": str(s), "doc_id": doc_id, "grade": rng.choice([0, 1, 2])}
                          for doc_id in docs[:6] for s in (1, 2, 3) if rng.random() < 0.5]
        for run_id in ("run_a", "run_b", "run_c"):
            if (run_id, query_id) == ("run_c", "q2"):
                continue
            ranked = rng.sample(docs, 6)
            for position, doc_id in enumerate(ranked, start=1):
                rank = 2 * position - 1 if run_id == "run_b" else position
                results.append({"run_id": run_id, "query_id": query_id, "doc_id": doc_id, "rank": rank,
                                "score": float(10 - position)})
    return results, judgments, subtopics


RESULTS, JUDGMENTS, SUBTOPICS = dataset()
TABLES = {"results": (RESULTS_COLUMNS, RESULTS), "judgments": (JUDGMENTS_COLUMNS, JUDGMENTS),
          "subtopics": (SUBTOPIC_COLUMNS, SUBTOPICS)}
HUMAN_JUDGMENTS = [row for row in JUDGMENTS if row["rater_id"] != AUTOMATED]


# the base vars enable every model a list can enable: the subtopic input, every built-in (average_precision_11pt)
BASE_VARS = {**INPUTS, **SETTINGS_VARS, **SUBTOPIC_INPUT}


def list_vars(subtopics: bool, metrics: list) -> dict:
    return {**INPUTS, **SETTINGS_VARS, **(SUBTOPIC_INPUT if subtopics else {}), "search_metrics_metrics": metrics}


@pytest.fixture(scope="module")
def renderer(dbt_project):
    import duckdb

    # the staging models read their inputs' columns from the warehouse: the same tables for every render
    with duckdb.connect(str(dbt_project.db_path)) as con:
        for name, (columns, rows) in TABLES.items():
            load_table(con, f"{INPUT_SCHEMA}.{name}", columns, rows)
    return OneContextModels(dbt_project, BASE_VARS)


def test_one_context_renders_what_dbt_compiles(renderer):
    """The renderer against dbt: the same models, SQL and parents as the `dbt compile` it kept its context from
    (the base vars, passed to the render as any set is), and the render of another list differs where the list
    does (the var is read)."""
    rendered = renderer.render(BASE_VARS)
    compiled = renderer.compiled
    assert [model["name"] for model in rendered] == [model["name"] for model in compiled]
    for mine, dbts in zip(rendered, compiled):
        assert mine["sql"] == dbts["sql"], f"{mine['name']}: the render differs from dbt's compile"
        assert sorted(mine["parents"]) == sorted(dbts["parents"]), mine["name"]
        assert (mine["relation"], mine["materialized"]) == (dbts["relation"], dbts["materialized"])
    other = {model["name"]: model["sql"] for model in renderer.render(list_vars(True, ["nrbp"]))}
    assert "search_precision_recall_curve" not in other
    assert "'nrbp'" in other["search_query_metrics"] and "'ndcg'" not in other["search_query_metrics"]


def expected_query_rows(metrics: list) -> list[dict]:
    judged = [item for item in metrics if type_of(item) not in DIVERSITY_TYPES]
    diversity = [item if isinstance(item, dict) else {"name": item, **ref_diversity.BUILTINS[item]}
                 for item in metrics if type_of(item) in DIVERSITY_TYPES]
    rows = ref_judged.query_metrics(RESULTS, HUMAN_JUDGMENTS, CUTOFFS, metrics=judged) if judged else []
    return rows, ref_diversity.query_metrics(RESULTS, SUBTOPICS, CUTOFFS, diversity) if diversity else []


def metric_set(rows) -> set:
    return {row["metric"] for row in rows}


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(metric_lists())
@example((True, ["alpha_ndcg", "err_ia"]))
@example((True, ["nrbp"]))
@example((False, ["coverage"]))
@example((False, ["n_relevant", "n_retrieved", "n_relevant_retrieved"]))
@example((False, [{"name": "unjudged_entry", "type": "unjudged"}, "binary_ties", "rbp_residual_p80"]))
@example((False, ["ndcg_pool", "average_precision_pool_condensed"]))
@example((False, ["average_precision_11pt"]))
@example((True, ["precision"]))
def test_every_model_builds_with_exactly_the_listed_metrics(dbt_project, renderer, drawn):
    subtopics, metrics = drawn
    models = renderer.render(list_vars(subtopics, metrics))
    names = {model["name"] for model in models}
    diversity_models = {"search_metrics_stg_subtopic_judgments", "search_metrics_int_subtopic_pool",
                        "search_metrics_int_subtopic_results"}
    curve_models = {"search_precision_recall_curve", "search_run_precision_recall_curve"}
    assert (diversity_models <= names) == subtopics and (diversity_models & names) == (diversity_models if subtopics
                                                                                      else set())
    curve_listed = any(type_of(item) == "average_precision_11pt" for item in metrics)
    assert (curve_models & names) == (curve_models if curve_listed else set())
    assert {"search_query_metrics", "search_run_metrics", "search_run_comparison", "search_judgment_queue",
            "search_query_unjudged_bounds", "search_judge_run_agreement", "search_input_quality"} <= names
    assert not any(name.startswith("search_metrics_int_trec_eval") for name in names)

    out = dbt_project.run_models(models, TABLES, outputs=tuple(sorted(names)))  # every enabled model builds

    listed = [name_of(item) for item in metrics]
    judged = {name_of(item) for item in metrics if type_of(item) not in DIVERSITY_TYPES}
    judged_rows, diversity_rows = expected_query_rows(metrics)
    assert metric_set(out["search_query_metrics"]) == set(listed)
    assert_rows_match([row for row in out["search_query_metrics"] if row["metric"] in judged], judged_rows,
                      key=("run_id", "query_id", "metric", "k"), value_columns=("value",))
    assert_rows_match([row for row in out["search_query_metrics"] if row["metric"] not in judged], diversity_rows,
                      key=("run_id", "query_id", "metric", "k"), value_columns=("value",))
    expected_run = (ref_judged.run_metrics(judged_rows, [item for item in metrics if name_of(item) in judged])
                    + ref_diversity.run_metrics(diversity_rows))
    assert_rows_match(out["search_run_metrics"], expected_run, key=("run_id", "metric", "k"),
                      value_columns=("value", "n_queries", "n_queries_total", "geometric_mean"))

    # the comparisons: every run against run_a, every listed metric
    assert {(row["baseline"], row["candidate"], row["metric"]) for row in out["search_run_comparison"]} == {
        ("run_a", candidate, name) for candidate in ("run_b", "run_c") for name in listed}
    assert metric_set(out["search_query_deltas"]) == set(listed)

    # the sources' metrics: every listed metric but the diversity ones, at each cutoff, for every source key
    spine = {(row["source_kind"], row["source"], row["run_id"], row["query_id"])
             for row in out["search_metrics_int_source_spine"]}
    assert {"reading", "judge"} <= {key[0] for key in spine}
    cutoffs_of = {(row["metric"], row["k"]) for row in judged_rows}
    source_rows = out["search_metrics_int_source_query_metrics"]
    assert len(source_rows) == len(spine) * len(cutoffs_of)
    assert {(row["source_kind"], row["source"], row["run_id"], row["query_id"], row["metric"], row["k"])
            for row in source_rows} == {key + metric_k for key in spine for metric_k in cutoffs_of}

    # the readings: the judged metrics but those that describe the judgments, beside every value of theirs
    described = {name for name in judged if type_of(next(item for item in metrics if name_of(item) == name))
                 not in DESCRIBE_THE_JUDGMENTS}
    assert {(row["run_id"], row["query_id"], row["metric"], row["k"]) for row in out["search_query_unjudged_bounds"]} \
        == {(row["run_id"], row["query_id"], row["metric"], row["k"]) for row in judged_rows
            if row["metric"] in described}
    assert metric_set(out["search_run_unjudged_bounds"]) == described
    assert metric_set(out["search_comparison_unjudged_bounds"]) <= described
    for table in ("search_metrics_int_judge_query_values", "search_judge_run_metrics", "search_judge_run_agreement"):
        assert metric_set(out[table]) <= judged, table
    assert out["search_judgment_queue"] and out["search_input_quality"]
