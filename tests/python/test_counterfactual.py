"""The counterfactual family (search_counterfactual_estimates, search_counterfactual_daily) equals the Python
reference (reference.counterfactual, written from docs/counterfactual.md and itself held equal to obp's slate
estimators in test_counterfactual_reference.py) to 1e-9, on click logs generated from known loggers.

Two loggers, each a var set: a factorizable one (each position drawn independently from its own distribution over the
query's docs, a doc may repeat; only the propensity column, the prefix propensity its product) and a Plackett-Luce one
(sampling without replacement; both columns: the item-position marginals summed over every list, the prefix
propensity the product of the conditional draws). The logs hold two days and two search types, searches that show
fewer positions than the largest cutoff, clicks from a position-based user with repeated clicks and a click on a
position with no impression, a search without a query_id, queries no candidate ranks and pairs below the click
models' min_impressions. Candidates: the logger's most likely list (matched often), a short list (2 docs: positions
beyond have no candidate doc), a list that differs at position 2 and ends with a doc the log never showed (no α), and one that ranks only some queries (counted
unranked). PBM's α and γ for the reference come from reference.click_models (the click models' own reference), not
from the SQL.

The check against the A/B experiments (search_counterfactual_experiment_checks) equals the same references on a
generated A/B log (generate_experiment): PBM's fit per bucket from reference.click_models over that bucket's searches,
the direct method from reference.counterfactual with the other bucket's earliest lists as the candidate, and the
observed means of the same rewards.

The input rules fail the build by name on bad propensities and candidates (one dbt build, every rule at once).
"""

from __future__ import annotations

import itertools
import json
import math
import random
from datetime import datetime, timedelta
from statistics import NormalDist

import duckdb
import pytest

from harness import INPUT_SCHEMA, assert_rows_match, load_table
from one_context_models import OneContextModels
from reference import click_models as click_ref
from reference import counterfactual as ref

SEARCH_COLUMNS = [("search_id", "varchar"), ("session_id", "varchar"), ("searched_at", "timestamp"),
                  ("search_type", "varchar"), ("n_results", "integer"), ("query_id", "varchar"), ("bucket", "varchar")]
CLICK_COLUMNS = [("search_id", "varchar"), ("position", "integer"), ("clicked_at", "timestamp")]
IMPRESSION_COLUMNS = [("search_id", "varchar"), ("position", "integer"), ("doc_id", "varchar"), ("score", "double"),
                      ("shown_p", "double"), ("prefix_p", "double")]
RESULT_COLUMNS = [("run_id", "varchar"), ("query_id", "varchar"), ("doc_id", "varchar"), ("rank", "integer"),
                  ("score", "double")]
CUTOFFS = [2, 4]
CANDIDATES = ["mode", "short", "swapped", "partial", "not_a_run"]
FACTORS = [0.5, 0.9]
MIN_IMPRESSIONS = 3
START = datetime(2026, 3, 2)
QUERIES = {f"q{n}": [f"d{n}_{j}" for j in range(5)] for n in range(1, 5)}
LIST_LENGTH = 4
OUTPUT_VALUES = ("estimate", "estimate_upper", "std_error", "ci_lower", "ci_upper", "n_searches",
                 "n_searches_unranked", "effective_sample_size", "max_weight", "nonzero_weight_share",
                 "support_share", "n_unsupported")
LOGGERS = ("factorizable", "plackett_luce")


def base_vars(logger: str) -> dict:
    """The vars of a logger's build. The candidates include one the results do not hold: the harness runs (no data
    tests) show it with every search unranked, and the build over bad input fails its rule with the same vars
    (one parse for the whole file: the build reuses the compile's)."""
    return {
        "search_metrics_results": f"{INPUT_SCHEMA}.cf_results",
        "search_metrics_judgments": "",  # the judgment_metrics family off: its models are not needed here
        "search_metrics_searches": f"{INPUT_SCHEMA}.cf_searches",
        "search_metrics_clicks": f"{INPUT_SCHEMA}.cf_clicks",
        "search_metrics_impressions": f"{INPUT_SCHEMA}.cf_impressions",
        "search_metrics_query_id_column": "query_id",
        "search_metrics_bucket_column": "bucket",  # the experiments family on: the check against them
        "search_metrics_click_models": {"models": ["pbm"], "min_impressions": MIN_IMPRESSIONS, "pbm_iterations": 5},
        "search_metrics_paulscore_factors": FACTORS,
        "search_metrics_counterfactual_candidates": CANDIDATES,
        "search_metrics_counterfactual": {
            "cutoffs": CUTOFFS, "confidence": 0.9, "propensity_column": "shown_p",
            "prefix_propensity_column": "prefix_p" if logger == "plackett_luce" else None},
    }


@pytest.fixture(scope="module")
def renderer(dbt_project):
    """One compile with the Plackett-Luce logger's vars (the input tables must exist: the staging models read their
    columns); the factorizable logger's models are rendered from it (one_context_models.py)."""
    with duckdb.connect(str(dbt_project.db_path)) as con:
        for name, (columns, rows) in tables_of(*generate("plackett_luce", seed=1, n_searches=5)).items():
            load_table(con, f"{INPUT_SCHEMA}.{name}", columns, rows)
    return OneContextModels(dbt_project, base_vars("plackett_luce"), target_name="counterfactual")


def plackett_luce_lists(weights: dict[str, float], length: int):
    """Every list of `length` distinct docs with its probability and its conditional draw probabilities."""
    total = sum(weights.values())
    for docs in itertools.permutations(weights, length):
        conditionals, left = [], total
        for doc in docs:
            conditionals.append(weights[doc] / left)
            left -= weights[doc]
        yield docs, conditionals


def draw_click(rng, clicks, search_id, searched_at, position, probability):
    """A position-based user's click on a shown result with the given probability (γ_k × α), repeated 5 s later
    one time in five."""
    if rng.random() < probability:
        clicked_at = searched_at + timedelta(seconds=rng.randint(1, 60))
        clicks.append({"search_id": search_id, "position": position, "clicked_at": clicked_at})
        if rng.random() < 0.2:
            clicks.append({"search_id": search_id, "position": position, "clicked_at": clicked_at + timedelta(seconds=5)})


def generate(logger: str, seed: int, n_searches: int = 160):
    """(searches, clicks, impressions, results) of one generated log."""
    rng = random.Random(seed)
    weights = {q: {doc: 2.0 ** -j for j, doc in enumerate(docs)} for q, docs in QUERIES.items()}
    attractiveness = {(q, doc): rng.uniform(0.1, 0.9) for q, docs in QUERIES.items() for doc in docs}
    examination = {k: 1.0 / k for k in range(1, LIST_LENGTH + 1)}
    position_weights = {q: [{doc: rng.uniform(0.2, 1.0) * (2.0 if j == k else 1.0) for j, doc in enumerate(docs)}
                            for k in range(LIST_LENGTH)] for q, docs in QUERIES.items()}
    pl = {q: list(plackett_luce_lists(weights[q], LIST_LENGTH)) for q in QUERIES}
    marginals = {}
    for q, lists in pl.items():
        for docs, conditionals in lists:
            probability = math.prod(conditionals)
            for k, doc in enumerate(docs, start=1):
                marginals[(q, k, doc)] = marginals.get((q, k, doc), 0.0) + probability
    searches, clicks, impressions = [], [], []
    for n in range(n_searches):
        search_id = f"s{n:03d}"
        query = rng.choice(sorted(QUERIES)) if n % 40 else None
        searched_at = START + timedelta(days=n % 2, seconds=rng.randint(0, 80000))
        searches.append({"search_id": search_id, "session_id": f"x{n % 7}", "searched_at": searched_at,
                         "search_type": "fulltext" if n % 3 else "autocomplete", "n_results": 10,
                         "query_id": query, "bucket": None})
        if query is None:
            impressions.append({"search_id": search_id, "position": 1, "doc_id": "d1_0", "score": 1.0,
                                "shown_p": 0.5, "prefix_p": 0.5 if logger == "plackett_luce" else None})
            continue
        n_shown = LIST_LENGTH if n % 5 else 2
        if logger == "factorizable":
            shown = []
            for k in range(n_shown):
                options = position_weights[query][k]
                doc = rng.choices(list(options), weights=list(options.values()))[0]
                shown.append((doc, options[doc] / sum(options.values()), None))
        else:
            lists = pl[query]
            docs, conditionals = rng.choices(lists, weights=[math.prod(c) for _, c in lists])[0]
            shown = [(docs[k], marginals[(query, k + 1, docs[k])], math.prod(conditionals[:k + 1]))
                     for k in range(n_shown)]
        for k, (doc, p, prefix) in enumerate(shown, start=1):
            impressions.append({"search_id": search_id, "position": k, "doc_id": doc, "score": 1.0,
                                "shown_p": p, "prefix_p": prefix})
            draw_click(rng, clicks, search_id, searched_at, k, examination[k] * attractiveness[(query, doc)])
        if n % 17 == 0:
            clicks.append({"search_id": search_id, "position": LIST_LENGTH + 2, "clicked_at": searched_at})
    results = []
    for q, docs in QUERIES.items():
        lists = {"mode": docs[:LIST_LENGTH], "short": docs[:2], "swapped": [docs[0], docs[2], docs[1], f"{q}_never_shown"],
                 "partial": docs[:LIST_LENGTH] if q in ("q1", "q2") else None}
        for run_id, ranking in lists.items():
            for rank, doc in enumerate(ranking or [], start=1):
                results.append({"run_id": run_id, "query_id": q, "doc_id": doc, "rank": rank, "score": -rank})
    results.append({"run_id": "mode", "query_id": "q_unlogged", "doc_id": "z", "rank": 1, "score": 0.0})
    return searches, clicks, impressions, results


def expected_rows(logger, searches, clicks, impressions, results):
    """The reference's rows for both tables: {table: rows}."""
    settings = click_ref.resolve_settings({"models": ["pbm"], "min_impressions": MIN_IMPRESSIONS,
                                           "pbm_iterations": 5})
    relevance = click_ref.click_relevance(searches, clicks, impressions, settings, query_column="query_id")
    alpha = {(row["query_id"], row["doc_id"]): (row["attractiveness"], row["n_impressions"])
             for row in relevance if row["model"] == "pbm"}
    gamma = {row["position"]: row["examination"]
             for row in click_ref.position_bias(searches, clicks, impressions, settings, query_column="query_id")}
    candidates = {}
    for run_id in CANDIDATES:
        lists = {}
        for row in sorted((r for r in results if r["run_id"] == run_id), key=lambda r: r["rank"]):
            lists.setdefault(row["query_id"], []).append(row["doc_id"])
        candidates[run_id] = lists
    by_search = {}
    for imp in impressions:
        by_search.setdefault(imp["search_id"], []).append(imp)
    clicked = {}
    for click in clicks:
        clicked.setdefault(click["search_id"], set()).add(click["position"])
    logged = []
    for s in searches:
        shown = by_search.get(s["search_id"], [])
        if s["query_id"] is None or not shown:
            continue
        logged.append({
            "search_id": s["search_id"], "query": s["query_id"], "day": s["searched_at"].date(),
            "search_type": s["search_type"],
            "shown": {imp["position"]: imp["doc_id"] for imp in shown},
            "clicks": clicked.get(s["search_id"], set()),
            "propensity": {imp["position"]: imp["shown_p"] for imp in shown},
            "prefix_propensity": ({imp["position"]: imp["prefix_p"] for imp in shown}
                                  if logger == "plackett_luce" else None)})
    settings_ = {"min_impressions": MIN_IMPRESSIONS, "cutoffs": CUTOFFS, "factors": FACTORS, "confidence": 0.9}

    def rows_by(keys):
        groups = {}
        for search in logged:
            groups.setdefault(tuple(search[key] for key in keys), []).append(search)
        rows = []
        for group_key, members in groups.items():
            for row in ref.counterfactual_estimates(members, candidates, alpha, gamma, **settings_):
                rows.append({**dict(zip(keys, group_key)), **row})
        return rows

    def renamed(rows, date_key):
        return [{**{k: v for k, v in row.items() if k not in ("candidate", "se", "day")},
                 "candidate_run_id": row["candidate"], "std_error": row["se"],
                 **({"search_date": row["day"]} if date_key else {})} for row in rows]

    return {"search_counterfactual_estimates": renamed(rows_by(("search_type",)), False),
            "search_counterfactual_daily": renamed(rows_by(("day", "search_type")), True)}


def tables_of(searches, clicks, impressions, results):
    return {"cf_searches": (SEARCH_COLUMNS, searches), "cf_clicks": (CLICK_COLUMNS, clicks),
            "cf_impressions": (IMPRESSION_COLUMNS, impressions), "cf_results": (RESULT_COLUMNS, results)}


@pytest.mark.dbt
@pytest.mark.parametrize("logger", LOGGERS)
def test_counterfactual_estimates_equal_the_reference(dbt_project, renderer, logger):
    log = generate(logger, seed=LOGGERS.index(logger) + 7)
    models = renderer.compiled if logger == "plackett_luce" else renderer.render(base_vars(logger))
    out = dbt_project.run_models(models, tables_of(*log),
                                 outputs=("search_counterfactual_estimates", "search_counterfactual_daily"))
    expected = expected_rows(logger, *log)
    key = ("candidate_run_id", "search_type", "metric", "factor", "cutoff", "estimator")
    assert_rows_match(out["search_counterfactual_estimates"], expected["search_counterfactual_estimates"],
                      key=key, value_columns=OUTPUT_VALUES)
    assert_rows_match(out["search_counterfactual_daily"], expected["search_counterfactual_daily"],
                      key=("search_date",) + key, value_columns=OUTPUT_VALUES)
    # the generated log makes the cases the SQL must get right (not a property of our output: of the data)
    estimates = out["search_counterfactual_estimates"]
    by = {(r["candidate_run_id"], r["estimator"], r["metric"], r["cutoff"], r["search_type"]): r for r in estimates}
    assert by[("partial", "dm", "clicks", 4, "fulltext")]["n_searches_unranked"] > 0
    assert by[("not_a_run", "sips", "clicks", 4, "fulltext")]["n_searches"] == 0
    assert by[("mode", "sips", "clicks", 4, "fulltext")]["nonzero_weight_share"] > 0
    assert by[("swapped", "sips", "clicks", 2, "fulltext")]["nonzero_weight_share"] < \
        by[("swapped", "iips", "clicks", 2, "fulltext")]["nonzero_weight_share"]
    assert by[("swapped", "sips", "clicks", 4, "fulltext")]["nonzero_weight_share"] == 0
    assert any(r["n_unsupported"] for r in estimates if r["estimator"] == "dm")


RULES = ("candidate_must_be_a_run_of_the_results", "candidate_rank_must_be_a_whole_number_from_1",
         "candidate_rank_must_be_unique_within_query", "candidate_doc_id_must_not_be_null",
         "propensity_must_be_in_0_1", "prefix_propensity_must_be_in_0_1",
         "prefix_propensity_must_not_grow_with_the_position")


@pytest.mark.dbt
def test_bad_input_fails_the_build_by_the_rules_name(dbt_project, renderer):
    """One build over inputs that break every rule at once: each rule's data test fails, and no estimate is
    written (the models downstream of the rules are skipped)."""
    searches, clicks, impressions, results = generate("plackett_luce", seed=3, n_searches=40)
    shown = [row for row in impressions if row["position"] == 2]
    shown[0]["shown_p"] = 0.0
    shown[1]["shown_p"] = 1.5
    shown[2]["shown_p"] = None
    shown[3]["shown_p"] = float("nan")
    shown[4]["prefix_p"] = float("nan")
    shown[5]["prefix_p"] = 1.0  # above the prefix of position 1, and above its own propensity
    results += [{"run_id": "mode", "query_id": "q1", "doc_id": "another", "rank": 1, "score": 0.0},
                {"run_id": "short", "query_id": "q1", "doc_id": "zero", "rank": 0, "score": 0.0},
                {"run_id": "short", "query_id": "q2", "doc_id": None, "rank": 9, "score": 0.0}]
    # into the harness's own DuckDB file, with the compile's vars: the build reuses its parse
    db = dbt_project.db_path
    with duckdb.connect(str(db)) as con:
        for name, (columns, rows) in tables_of(searches, clicks, impressions, results).items():
            load_table(con, f"{INPUT_SCHEMA}.{name}", columns, rows)
    result = dbt_project.invoke(["build", "--select", "+search_counterfactual_estimates", "--vars",
                                 json.dumps(base_vars("plackett_luce"))], target_name="counterfactual_rules")
    status = {r.node.name: str(r.status) for r in result.result.results}
    assert not result.success
    assert {f"search_metrics_counterfactual__{rule}": "fail" for rule in RULES} == \
        {name: s for name, s in status.items() if name.startswith("search_metrics_counterfactual__")}
    assert status["search_counterfactual_estimates"] == "skipped"
    with duckdb.connect(str(db)) as con:
        found = {}
        for rule, run_id, search_id, position in con.execute(
                "select rule, run_id, search_id, position from main.search_metrics_stg_counterfactual_rule_violations"
        ).fetchall():
            found.setdefault(rule.split("__")[1], set()).add((run_id, search_id, position))
    at = [(None, row["search_id"], 2) for row in shown]
    assert found == {
        "candidate_must_be_a_run_of_the_results": {("not_a_run", None, None)},
        "candidate_rank_must_be_a_whole_number_from_1": {("short", None, None)},
        "candidate_rank_must_be_unique_within_query": {("mode", None, None)},
        "candidate_doc_id_must_not_be_null": {("short", None, None)},
        "propensity_must_be_in_0_1": set(at[:4]),
        "prefix_propensity_must_be_in_0_1": {at[4]},
        # position 2 of shown[5] holds more than position 1 and its own propensity; shown[0]'s prefix is above its
        # propensity 0
        "prefix_propensity_must_not_grow_with_the_position": {at[0], at[5]},
    }


# ---------------------------------------------------------------------------------------------------------------
# the check against the experiments (search_counterfactual_experiment_checks)
# ---------------------------------------------------------------------------------------------------------------

CHECK_VALUES = ("estimate", "estimate_upper", "std_error", "ci_lower", "ci_upper", "n_searches", "n_searches_unranked",
                "support_share", "n_unsupported", "observed", "observed_std_error", "observed_ci_lower",
                "observed_ci_upper", "n_observed_searches", "difference", "difference_ci_lower", "difference_ci_upper")


def generate_experiment(seed: int, n_searches: int = 300):
    """(searches, clicks, impressions, results) of an A/B test: two buckets, each a deterministic ranker per query
    (treatment swaps the first two docs and shows at position 3 a doc control never shows), clicks from one
    position-based user, the units by session (one of them in both buckets: left out), searches out of time order
    against their ids (a bucket's ranking is its earliest search's list), treatment searches that show another list
    after the first, a query and a search type only control logs, searches of 2 positions, repeated clicks and a
    click on a position without an impression."""
    rng = random.Random(seed)
    attractiveness = {(q, doc): rng.uniform(0.1, 0.9) for q, docs in QUERIES.items() for doc in docs + [f"{q}_new"]}
    examination = {k: 1.0 / k for k in range(1, LIST_LENGTH + 1)}
    lists = {"control": {q: docs[:LIST_LENGTH] for q, docs in QUERIES.items()},
             "treatment": {q: [docs[1], docs[0], f"{q}_new", docs[3]] for q, docs in QUERIES.items()}}
    searches, clicks, impressions = [], [], []
    first_seen = set()
    for n in range(n_searches):
        search_id = f"s{n:03d}"
        unit = n % 12
        bucket = ("control", "treatment")[(n // 12) % 2 if unit == 11 else unit % 2]
        query = rng.choice(sorted(QUERIES))
        search_type = "fulltext" if n % 4 else "autocomplete"
        if bucket == "treatment" and query == "q4":
            query = "q3"
        if bucket == "treatment" and search_type == "autocomplete":
            search_type = "fulltext"
        searched_at = START + timedelta(seconds=rng.randint(0, 172800))
        searches.append({"search_id": search_id, "session_id": f"u{unit}", "searched_at": searched_at,
                         "search_type": search_type, "n_results": 10, "query_id": query, "bucket": bucket})
        shown = list(lists[bucket][query])
        if bucket == "treatment" and (search_type, query) in first_seen and n % 3 == 0:
            shown = [shown[2], shown[3], shown[0], shown[1]]
        first_seen.add((search_type, query))
        for k, doc in enumerate(shown[:LIST_LENGTH if n % 5 else 2], start=1):
            impressions.append({"search_id": search_id, "position": k, "doc_id": doc, "score": 1.0,
                                "shown_p": 1.0, "prefix_p": None})
            draw_click(rng, clicks, search_id, searched_at, k, examination[k] * attractiveness[(query, doc)])
        if n % 17 == 0:
            clicks.append({"search_id": search_id, "position": LIST_LENGTH + 2, "clicked_at": searched_at})
    results = [{"run_id": run_id, "query_id": q, "doc_id": doc, "rank": rank, "score": -rank}
               for run_id in ("mode", "short", "swapped", "partial") for q, docs in QUERIES.items()
               for rank, doc in enumerate(docs[:LIST_LENGTH], start=1)]
    return searches, clicks, impressions, results


def expected_checks(searches, clicks, impressions, results):
    """The check's rows from the references: the experiments' rule for units (one bucket, else left out), PBM's fit
    over each bucket's logs (reference.click_models), the direct method over the source bucket's searches with the
    target bucket's earliest list per (search_type, query) as the candidate (reference.counterfactual), and the
    observed mean of the same rewards over the target bucket's searches."""
    settings = click_ref.resolve_settings({"models": ["pbm"], "min_impressions": MIN_IMPRESSIONS, "pbm_iterations": 5})
    z = NormalDist().inv_cdf(1 - (1 - 0.9) / 2)
    unit_buckets = {}
    for s in searches:
        unit_buckets.setdefault(s["session_id"], set()).add(s["bucket"])
    by_search, clicked = {}, {}
    for imp in impressions:
        by_search.setdefault(imp["search_id"], []).append(imp)
    for click in clicks:
        clicked.setdefault(click["search_id"], set()).add(click["position"])
    bucketed = [s for s in searches if len(unit_buckets[s["session_id"]]) == 1 and by_search.get(s["search_id"])]

    def logged(s):
        shown = by_search[s["search_id"]]
        return {"search_id": s["search_id"], "query": s["query_id"], "search_type": s["search_type"],
                "shown": {imp["position"]: imp["doc_id"] for imp in shown}, "clicks": clicked.get(s["search_id"], set()),
                "propensity": {imp["position"]: imp["shown_p"] for imp in shown}, "prefix_propensity": None}

    rows = []
    for source, target in (("control", "treatment"), ("treatment", "control")):
        source_searches = [s for s in bucketed if s["bucket"] == source]
        ids = {s["search_id"] for s in source_searches}
        source_clicks = [c for c in clicks if c["search_id"] in ids]
        source_impressions = [i for i in impressions if i["search_id"] in ids]
        alpha = {(r["query_id"], r["doc_id"]): (r["attractiveness"], r["n_impressions"])
                 for r in click_ref.click_relevance(source_searches, source_clicks, source_impressions, settings)}
        gamma = {r["position"]: r["examination"]
                 for r in click_ref.position_bias(source_searches, source_clicks, source_impressions, settings)}
        for search_type in sorted({s["search_type"] for s in source_searches}):
            target_searches = [s for s in bucketed if s["bucket"] == target and s["search_type"] == search_type]
            earliest = {}
            for s in sorted(target_searches, key=lambda s: (s["searched_at"], s["search_id"])):
                shown = logged(s)["shown"]
                earliest.setdefault(s["query_id"], [shown[k] for k in sorted(shown) if k <= max(CUTOFFS)])
            estimates = ref.counterfactual_estimates(
                [logged(s) for s in source_searches if s["search_type"] == search_type], {target: earliest},
                alpha, gamma, min_impressions=MIN_IMPRESSIONS, cutoffs=CUTOFFS, factors=FACTORS, confidence=0.9)
            for row in (r for r in estimates if r["estimator"] == "dm"):
                terms = [sum(ref.rewards(row["metric"], row["factor"], ref.logged_vectors(logged(s), row["cutoff"])[1]))
                         for s in target_searches]
                observed = ref.mean(terms) if terms else None
                observed_se = ref.standard_error(terms) if terms else None
                both = row["se"] is not None and observed_se is not None
                difference = None if observed is None or row["estimate"] is None else observed - row["estimate"]
                half = z * math.sqrt(row["se"] ** 2 + observed_se ** 2) if both else None
                rows.append({
                    "experiment": "(all)", "target_bucket": target, "source_bucket": source, "search_type": search_type,
                    "metric": row["metric"], "factor": row["factor"], "cutoff": row["cutoff"],
                    **{key: row[key] for key in ("estimate", "estimate_upper", "ci_lower", "ci_upper", "n_searches",
                                                 "n_searches_unranked", "support_share", "n_unsupported")},
                    "std_error": row["se"], "observed": observed, "observed_std_error": observed_se,
                    "observed_ci_lower": None if observed_se is None else observed - z * observed_se,
                    "observed_ci_upper": None if observed_se is None else observed + z * observed_se,
                    "n_observed_searches": len(terms), "difference": difference,
                    "difference_ci_lower": None if half is None else difference - half,
                    "difference_ci_upper": None if half is None else difference + half})
    return rows


@pytest.mark.dbt
def test_experiment_checks_equal_the_reference(dbt_project, renderer):
    log = generate_experiment(seed=11)
    out = dbt_project.run_models(renderer.render(base_vars("factorizable")), tables_of(*log),
                                 outputs=("search_counterfactual_experiment_checks",))
    actual = out["search_counterfactual_experiment_checks"]
    assert_rows_match(actual, expected_checks(*log), value_columns=CHECK_VALUES,
                      key=("experiment", "target_bucket", "source_bucket", "search_type", "metric", "factor", "cutoff"))
    # the log makes the cases the SQL must get right (properties of the data, not of our output)
    by = {(r["target_bucket"], r["search_type"], r["metric"], r["cutoff"]): r for r in actual}
    assert by[("treatment", "fulltext", "clicks", 4)]["n_searches_unranked"] > 0  # q4: control only
    assert by[("treatment", "fulltext", "clicks", 4)]["n_unsupported"] > 0  # the docs control never shows
    assert by[("treatment", "autocomplete", "clicks", 4)]["n_searches"] == 0  # control only
    assert by[("treatment", "autocomplete", "clicks", 4)]["n_observed_searches"] == 0
