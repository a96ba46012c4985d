"""The dbt models' output equals the Python reference on generated data (|delta| <= 1e-9, nulls equal)."""

from hypothesis import HealthCheck, example, given, settings

from generators import judged_datasets
from harness import assert_rows_match
from reference import judged as ref

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check(dbt_project, results, judgments, extra_vars=None, outputs=("search_query_metrics", "search_run_metrics"),
          **reference_kwargs):
    out = dbt_project.run(results, judgments, extra_vars, outputs=outputs)
    expected_query = ref.query_metrics(results, judgments, **reference_kwargs)
    assert_rows_match(out["search_query_metrics"], expected_query,
                      key=("run_id", "query_id", "metric", "k"), value_columns=("value",))
    assert_rows_match(out["search_run_metrics"], ref.run_metrics(expected_query, reference_kwargs.get("metrics")),
                      key=("run_id", "metric", "k"),
                      value_columns=("value", "n_queries", "n_queries_total", "geometric_mean"))
    return out


@SETTINGS
@given(judged_datasets())
def test_default_metrics_match_reference(dbt_project, dataset):
    results, judgments = dataset
    check(dbt_project, results, judgments)


CUSTOM_METRICS = [
    "ndcg",
    "recall",
    {"name": "precision_relevant_2", "type": "precision", "scale": "graded", "threshold": 2},
    {"name": "map_detail_7", "base": "average_precision_pool", "scale": "detail", "threshold": 7},
    {"name": "rr_detail", "type": "reciprocal_rank", "scale": "detail", "threshold": 5},
    {"name": "ndcg_exp_local", "base": "ndcg", "gain": "exponential"},
    {"name": "ndcg_detail_pool", "type": "ndcg", "scale": "detail", "ideal": "pool"},
    {"name": "cg_exp_detail", "type": "cg", "scale": "detail", "gain": "exponential"},
    {"name": "err_detail", "type": "err", "scale": "detail"},
    {"name": "err_binary_gmax2", "type": "err", "scale": "binary", "g_max": 2},
    {"name": "coverage_binary", "type": "coverage", "scale": "binary"},
    # condensed with the local ideal (the ideal positions count condensed positions) and AP over the condensed list
    {"name": "ndcg_condensed_local", "type": "ndcg", "condensed": True},
    {"name": "ap_condensed_retrieved", "type": "average_precision", "condensed": True, "whole_list": True},
]
CUSTOM_TRANSFORMERS = {
    "graded_to_binary": {0: 0, 1: 0, 2: 1, 3: 1},
    "detail_to_graded": {1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 2, 9: 3, 10: 3},
}


@SETTINGS
@given(judged_datasets())
def test_custom_metrics_cutoffs_and_transformers_match_reference(dbt_project, dataset):
    results, judgments = dataset
    cutoffs = [2, 4, 7]
    check(dbt_project, results, judgments,
          extra_vars={"search_metrics_metrics": CUSTOM_METRICS, "search_metrics_cutoffs": cutoffs,
                      "search_metrics_transformers": CUSTOM_TRANSFORMERS},
          cutoffs=cutoffs, metrics=CUSTOM_METRICS, transformers=CUSTOM_TRANSFORMERS)


# Without a coverage metric, search_metrics_int_labeled_results keeps only the results with a judgment row (no other
# metric reads the rest); every other built-in metric, auc included, must still equal the reference, at cutoffs
# that leave generated results beyond the largest one.
METRICS_WITHOUT_COVERAGE = [spec["name"] for spec in ref.BUILTIN_METRICS if spec["type"] != "coverage"]
LABELED_COLUMNS = ("rank", "score", "binary_value", "graded_value", "detail_value", "binary_tie")
# q0_d1 has no judgment row (left out), q0_d2 only a null grade (in the pool, ungraded: kept with null values),
# q0_d3 a binary vote tie; q1 is returned by run_b only, its only result unjudged
UNJUDGED_EXAMPLE = (
    [{"run_id": run, "query_id": "q0", "doc_id": doc, "rank": rank, "score": float(5 - rank)}
     for run in ("run_a", "run_b") for rank, doc in enumerate(["q0_d1", "q0_d0", "q0_d2", "q0_d3"], start=1)]
    + [{"run_id": "run_b", "query_id": "q1", "doc_id": "q1_d0", "rank": 1, "score": 1.0}],
    [{"query_id": "q0", "doc_id": "q0_d0", "rater_id": "r0", "grade": 2, "scale": "graded"},
     {"query_id": "q0", "doc_id": "q0_d2", "rater_id": "r0", "grade": None, "scale": "graded"},
     {"query_id": "q0", "doc_id": "q0_d3", "rater_id": "r0", "grade": 0, "scale": "graded"},
     {"query_id": "q0", "doc_id": "q0_d3", "rater_id": "r1", "grade": 3, "scale": "graded"},
     {"query_id": "q_unreturned", "doc_id": "x", "rater_id": "r0", "grade": 1, "scale": "binary"}],
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(judged_datasets())
@example(UNJUDGED_EXAMPLE)
def test_metrics_without_coverage_read_only_judged_results_and_match_reference(dbt_project, dataset):
    """search_metrics_int_labeled_results (the table every metric macro reads) holds exactly the results whose
    (query_id, doc_id) has a judgment row (null grades included), each with the reference's aggregated judgment;
    the results no judgment names are not there. auc (no cutoff) is configured, so every rank is kept."""
    results, judgments = dataset
    cutoffs = [1, 2, 4]
    out = check(dbt_project, results, judgments,
                extra_vars={"search_metrics_metrics": METRICS_WITHOUT_COVERAGE, "search_metrics_cutoffs": cutoffs},
                outputs=("search_query_metrics", "search_run_metrics", "search_metrics_int_labeled_results"),
                cutoffs=cutoffs, metrics=METRICS_WITHOUT_COVERAGE)
    assert "auc" in METRICS_WITHOUT_COVERAGE  # reads every rank: no rank filter to expect
    pool = ref.aggregate_judgments(judgments)
    expected = [{**row, "binary_value": pool[key]["binary"], "graded_value": pool[key]["graded"],
                 "detail_value": pool[key]["detail"], "binary_tie": int(pool[key]["binary_tie"])}
                for row in results for key in [(row["query_id"], row["doc_id"])] if key in pool]
    assert_rows_match(out["search_metrics_int_labeled_results"], expected, key=("run_id", "query_id", "doc_id"),
                      value_columns=LABELED_COLUMNS)
