"""The caveats of docs/click_models.md on one small log worked by hand (one compile, one harness run).

- `sdbn_unclicked: skip`: a search without a click is left out of SDBN's counts but not of n_impressions (nor of
  min_impressions); a pair shown only in such searches, or only below the last click, keeps the prior
  (alpha / (alpha + beta) twice).
- A search whose only click is on a position without an impression counts as a search without a click.
- COEC: a pair shown only at positions where nothing was ever clicked has expected clicks 0: coec and relevance
  null, and no row in search_click_judgments.
- search_click_judgment_agreement reads the human grades on the graded scale through the transformers (binary and
  detail rows: binary_to_graded, detail_to_graded) and the binary labels through graded_to_binary /
  detail_to_binary, as the judged metrics do; rows by a rater named like a click model are left out.
The expected numbers are the arithmetic in the test; the plain-Python reference must agree as well.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

import pytest

from harness import INPUT_SCHEMA, assert_rows_match
from reference import click_models as ref

SEARCH_COLUMNS = [("search_id", "varchar"), ("session_id", "varchar"), ("searched_at", "timestamp"),
                  ("search_type", "varchar"), ("n_results", "integer"), ("query_text", "varchar")]
CLICK_COLUMNS = [("search_id", "varchar"), ("position", "integer"), ("clicked_at", "timestamp")]
IMPRESSION_COLUMNS = [("search_id", "varchar"), ("position", "integer"), ("doc_id", "varchar"),
                      ("score", "double")]
JUDGMENT_COLUMNS = [("query_id", "varchar"), ("doc_id", "varchar"), ("rater_id", "varchar"), ("grade", "double"),
                    ("scale", "varchar")]
SETTINGS = {"models": ["sdbn", "coec"], "min_impressions": 1, "sdbn_unclicked": "skip"}
DBT_VARS = {
    "search_metrics_results": "",  # the judgment_metrics family off; judgments set: the click_agreement family on
    "search_metrics_judgments": f"{INPUT_SCHEMA}.cc_judgments",
    "search_metrics_searches": f"{INPUT_SCHEMA}.cc_searches",
    "search_metrics_clicks": f"{INPUT_SCHEMA}.cc_clicks",
    "search_metrics_impressions": f"{INPUT_SCHEMA}.cc_impressions",
    "search_metrics_query_id_column": "query_text",
    "search_metrics_click_models": SETTINGS,
}
START = datetime(2026, 3, 2, 9, 0)

# query q: s1 A@1 B@2, click at 1; s2 A@1 B@2 D@3, its only click at 5 (no impression there): no click;
# s3 A@1 B@2 C@3, click at 1
SHOWN = {"s1": ["A", "B"], "s2": ["A", "B", "D"], "s3": ["A", "B", "C"]}
CLICKED = {"s1": [1], "s2": [5], "s3": [1]}
SEARCHES = [{"search_id": s, "session_id": "sess-" + s, "searched_at": START + timedelta(minutes=n),
             "search_type": "fulltext", "n_results": 10, "query_text": "q"} for n, s in enumerate(SHOWN)]
IMPRESSIONS = [{"search_id": s, "position": p, "doc_id": d, "score": 1.0 / p}
               for s, docs in SHOWN.items() for p, d in enumerate(docs, start=1)]
CLICKS = [{"search_id": s, "position": p, "clicked_at": START + timedelta(minutes=n, seconds=10)}
          for n, (s, positions) in enumerate(CLICKED.items()) for p in positions]
# human grades on three scales (default transformers, max grade 3, relevance level 1):
#   A: binary 1 -> graded 3, detail 10 -> graded ((10 - 1) * 3 + 8) // 9 = 3: mean 3; binary votes 1, 1 -> 1
#   B: detail 1 -> graded 0, binary 0 (the 'sdbn' row is a click model's: left out)
#   C: graded 2 -> binary 1;  D: binary 0 -> graded 0
JUDGMENTS = [{"query_id": "q", "doc_id": d, "rater_id": r, "grade": g, "scale": s} for d, r, g, s in (
    ("A", "h1", 1.0, "binary"), ("A", "h2", 10.0, "detail"), ("B", "h1", 1.0, "detail"), ("B", "sdbn", 3.0, "graded"),
    ("C", "h1", 2.0, "graded"), ("D", "h1", 0.0, "binary"))]
OUTPUTS = ("search_click_relevance", "search_click_position_bias", "search_click_judgments",
           "search_click_judgment_agreement")


@pytest.fixture(scope="module")
def out(dbt_project):
    tables = {"cc_searches": (SEARCH_COLUMNS, SEARCHES), "cc_clicks": (CLICK_COLUMNS, CLICKS),
              "cc_impressions": (IMPRESSION_COLUMNS, IMPRESSIONS), "cc_judgments": (JUDGMENT_COLUMNS, JUDGMENTS)}
    return dbt_project.run_tables(tables, DBT_VARS, outputs=OUTPUTS)


@pytest.mark.dbt
def test_skip_and_a_search_whose_only_click_has_no_impression(out):
    """s2 counts as unclicked, so skip leaves it out of SDBN: (q, A) is examined in s1 and s3 only (had s2's click
    at 5 counted, s2 would examine A, B and D). B is shown 3 times and never examined (below the last click in s1
    and s3, s2 skipped) and D only in s2: both keep the prior, (1/2) x (1/2), with n_impressions 3 and 1."""
    sdbn = {r["doc_id"]: r for r in out["search_click_relevance"] if r["model"] == "sdbn"}
    got = {d: (r["n_impressions"], r["n_examined"], r["n_clicks"], r["n_last_clicks"]) for d, r in sdbn.items()}
    assert got == {"A": (3, 2, 2, 2), "B": (3, 0, 0, 0), "C": (1, 0, 0, 0), "D": (1, 0, 0, 0)}
    # A: attractiveness (2 + 1) / (2 + 2), satisfaction (2 + 1) / (2 + 2)
    assert (sdbn["A"]["attractiveness"], sdbn["A"]["satisfaction"]) == (pytest.approx(3 / 4), pytest.approx(3 / 4))
    assert {d: r["relevance"] for d, r in sdbn.items()} == {
        "A": pytest.approx(9 / 16), "B": pytest.approx(1 / 4), "C": pytest.approx(1 / 4), "D": pytest.approx(1 / 4)}


@pytest.mark.dbt
def test_coec_is_null_where_no_click_is_expected(out):
    """ctr_1 = 2/3 (A clicked in s1 and s3, not in s2), ctr_2 = ctr_3 = 0: A's expected clicks 3 x 2/3 = 2 for 2
    clicks (coec 1, relevance 1/2); B (always at 2), C and D (at 3) expect 0 clicks: coec and relevance null, and no
    judgment row. SDBN grades them all (thresholds 1/4, 1/2, 3/4: 9/16 -> 2, 1/4 -> 1)."""
    coec = {r["doc_id"]: r for r in out["search_click_relevance"] if r["model"] == "coec"}
    assert coec["A"]["expected_clicks"] == pytest.approx(2.0)
    assert (coec["A"]["coec"], coec["A"]["relevance"]) == (pytest.approx(1.0), pytest.approx(0.5))
    for doc in ("B", "C", "D"):
        assert (coec[doc]["expected_clicks"], coec[doc]["coec"], coec[doc]["relevance"]) == (0.0, None, None), doc
    assert [(r["position"], r["n_impressions"], r["n_clicks"]) for r in
            sorted(out["search_click_position_bias"], key=lambda r: r["position"])] == [(1, 3, 2), (2, 3, 0), (3, 2, 0)]
    judgments = {(r["rater_id"], r["doc_id"]): r["grade"] for r in out["search_click_judgments"]}
    assert judgments == {("sdbn", "A"): 2, ("sdbn", "B"): 1, ("sdbn", "C"): 1, ("sdbn", "D"): 1, ("coec", "A"): 2}


@pytest.mark.dbt
def test_agreement_reads_human_grades_through_the_transformers(out):
    """Human graded values A 3, B 0, C 2, D 0 (through binary_to_graded and detail_to_graded) against SDBN's
    9/16, 1/4, 1/4, 1/4. Midranks x = (4, 2, 2, 2), y = (4, 1.5, 3, 1.5), centred on 2.5: sum xy = 3, sum xx = 3,
    sum yy = 4.5, Spearman = 3 / sqrt(13.5). Pairs of pairs: 3 concordant (A with each), 0 discordant, 3 tied in x,
    1 in y (B, D): tau-b = 3 / sqrt(3 x 5). AUC: relevant A, C against B, D: (1 + 1 + 1/2 + 1/2) / 4. Raw grades
    (A's mean of 1 and 10 = 5.5) would give Spearman 3 / sqrt(15). COEC shares one pair (A): statistics null."""
    rows = {r["model"]: r for r in out["search_click_judgment_agreement"]}
    sdbn = rows["sdbn"]
    assert (sdbn["n_pairs"], sdbn["n_relevant"], sdbn["n_non_relevant"]) == (4, 2, 2)
    assert sdbn["spearman"] == pytest.approx(3 / math.sqrt(13.5), abs=1e-12)
    assert sdbn["kendall_tau_b"] == pytest.approx(3 / math.sqrt(15), abs=1e-12)
    assert sdbn["auc"] == pytest.approx(0.75, abs=1e-12)
    coec = rows["coec"]
    assert (coec["n_pairs"], coec["n_relevant"], coec["n_non_relevant"]) == (1, 1, 0)
    assert coec["spearman"] is None and coec["kendall_tau_b"] is None and coec["auc"] is None


@pytest.mark.dbt
def test_the_reference_agrees(out):
    """The same log through reference.click_models (written from the docs): every row of the four tables."""
    settings_ = ref.resolve_settings(SETTINGS)
    relevance = ref.click_relevance(SEARCHES, CLICKS, IMPRESSIONS, settings_, query_column="query_text")
    assert_rows_match(out["search_click_relevance"], relevance, key=("query_id", "doc_id", "model"),
                      value_columns=("n_impressions", "n_examined", "n_clicks", "n_last_clicks", "expected_clicks",
                                     "attractiveness", "satisfaction", "coec", "relevance"))
    assert_rows_match(out["search_click_judgments"], ref.click_judgments(relevance, max_grade=3),
                      key=("query_id", "doc_id", "rater_id"), value_columns=("grade", "relevance"))
    assert_rows_match(out["search_click_judgment_agreement"],
                      ref.click_judgment_agreement(relevance, JUDGMENTS, models=settings_["models"]), key=("model",),
                      value_columns=("n_pairs", "spearman", "kendall_tau_b", "n_relevant", "n_non_relevant", "auc"))
