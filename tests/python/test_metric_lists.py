"""Every valid metric list builds every model (var search_metrics_metrics).

A model that loops over the configured metrics must stay valid SQL whatever the list holds: the hard lists are the
ones that leave a loop empty or a family with nothing of its own to compute. Each is an explicit example below:

- only diversity metrics: search_metrics_int_source_query_metrics (the judgment sources' metrics, which leave the
  diversity metrics out) has no metric to compute; it compiled to an empty `with ( );`;
- only counts: nothing normalized, nothing read from the ideal order;
- one metric, and it describes the judgments (coverage): the unjudged bounds have no metric to bound;
- only metrics without a cutoff (k null: auc, binary_ties, r_precision, average_precision_11pt), the whole list read;
- only whole-list variants (cutoffs, but the whole list read below them).

Hypothesis adds two lists drawn from every built-in name (the diversity ones included) and some variants. For
each list the project is compiled once and every enabled model (judged, comparisons, judging, judges, and the
diversity family when a diversity metric is listed) runs on one small dataset with unjudged results, an ungraded
judgment, a binary tie, a query nobody judged and subtopic judgments. Checked: every model runs; the metric tables
hold exactly the listed metrics; the judgment sources' metrics hold exactly the listed metrics that are not diversity
metrics; and every row of search_query_metrics of a non-diversity metric equals the Python reference.
"""

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from harness import INPUT_SCHEMA, JUDGMENTS_COLUMNS, RESULTS_COLUMNS, assert_rows_match
from reference import judged as ref

pytestmark = pytest.mark.dbt

CUTOFFS = [1, 3]
DIVERSITY = ["alpha_ndcg", "err_ia", "nrbp", "precision_ia", "subtopic_recall"]
VARIANTS = [
    {"name": "unjudged_graded", "type": "unjudged"},
    {"name": "precision_detail_7", "type": "precision", "scale": "detail", "threshold": 7},
    {"name": "r_precision_graded_2", "type": "r_precision", "scale": "graded", "threshold": 2},
]
NAMES = [spec["name"] for spec in ref.BUILTIN_METRICS] + DIVERSITY
SUBTOPIC_COLUMNS = [("query_id", "varchar"), ("subtopic_id", "varchar"), ("doc_id", "varchar"), ("grade", "double")]

# q0: graded grades, an unjudged result (d4), an ungraded row (d3) and a binary tie (d2); q1: detail grades; q2: no
# judgment at all; run_b misses q1 and has a rank gap
RESULTS = (
    [{"run_id": "run_a", "query_id": q, "doc_id": f"{q}_d{i}", "rank": i, "score": float(10 - i)}
     for q in ("q0", "q1", "q2") for i in range(1, 5)]
    + [{"run_id": "run_b", "query_id": q, "doc_id": f"{q}_d{i}", "rank": 2 * i, "score": float(i)}
       for q in ("q0", "q2") for i in range(1, 4)]
)
JUDGMENTS = [
    {"query_id": "q0", "doc_id": "q0_d1", "rater_id": "r0", "grade": 3, "scale": "graded"},
    {"query_id": "q0", "doc_id": "q0_d2", "rater_id": "r0", "grade": 0, "scale": "graded"},
    {"query_id": "q0", "doc_id": "q0_d2", "rater_id": "r1", "grade": 2, "scale": "graded"},
    {"query_id": "q0", "doc_id": "q0_d3", "rater_id": "r0", "grade": None, "scale": "graded"},
    {"query_id": "q0", "doc_id": "q0_x", "rater_id": "r0", "grade": 1, "scale": "graded"},
    {"query_id": "q1", "doc_id": "q1_d2", "rater_id": "r0", "grade": 8, "scale": "detail"},
    {"query_id": "q1", "doc_id": "q1_d4", "rater_id": "r0", "grade": 3, "scale": "detail"},
]
SUBTOPICS = [
    {"query_id": "q0", "subtopic_id": "s1", "doc_id": "q0_d1", "grade": 1.0},
    {"query_id": "q0", "subtopic_id": "s2", "doc_id": "q0_d1", "grade": 1.0},
    {"query_id": "q0", "subtopic_id": "s2", "doc_id": "q0_d3", "grade": 1.0},
    {"query_id": "q1", "subtopic_id": "s1", "doc_id": "q1_d4", "grade": 0.0},
]


def _name(metric):
    return metric if isinstance(metric, str) else metric["name"]


def check_list(dbt_project, metrics):
    names = {_name(m) for m in metrics}
    dbt_vars = {"search_metrics_metrics": metrics, "search_metrics_cutoffs": CUTOFFS}
    tables = {"results": (RESULTS_COLUMNS, RESULTS), "judgments": (JUDGMENTS_COLUMNS, JUDGMENTS)}
    if names & set(DIVERSITY):
        dbt_vars["search_metrics_subtopic_judgments"] = f"{INPUT_SCHEMA}.subtopics"
        tables["subtopics"] = (SUBTOPIC_COLUMNS, SUBTOPICS)
    models = dbt_project.compile(dbt_vars)
    out = dbt_project.run_tables(tables, dbt_vars, outputs=tuple(model["name"] for model in models))

    for table in ("search_query_metrics", "search_run_metrics"):
        assert {row["metric"] for row in out[table]} == names, table
    judged = [m for m in metrics if _name(m) not in DIVERSITY]
    sources = out["search_metrics_int_source_query_metrics"]
    assert {row["metric"] for row in sources} == {_name(m) for m in judged}
    if judged:
        expected = ref.query_metrics(RESULTS, JUDGMENTS, cutoffs=CUTOFFS, metrics=judged)
        actual = [row for row in out["search_query_metrics"] if row["metric"] not in DIVERSITY]
        assert_rows_match(actual, expected, key=("run_id", "query_id", "metric", "k"), value_columns=("value",))


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(NAMES + VARIANTS), min_size=1, max_size=4, unique_by=_name))
@example(["alpha_ndcg", "precision_ia"])
@example(["n_relevant", "n_retrieved", "n_relevant_retrieved"])
@example(["coverage"])
@example(["auc", "binary_ties", "r_precision", "average_precision_11pt"])
@example(["average_precision_pool_whole_list", "ndcg_pool_whole_list"])
def test_every_valid_metric_list_builds_every_model(dbt_project, metrics):
    check_list(dbt_project, metrics)
