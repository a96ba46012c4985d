"""Generated inputs for the engine-parity tests: every input of the package (judged lists and click logs) from a
seeded random.Random, small enough for Spark, with the awkward cases in every dataset: several raters, null
grades, binary vote ties, unjudged docs, judged docs no run returned, rank gaps, all three scales, a judged
query no run returned; sessions over several days and both search types, duplicate clicks, zero-result and
unknown-n_results searches, tied scores, clicks beyond the shown positions or before their search, and
clicks / impressions of unknown searches.

Ids whose order depends on the collation: run, query, doc and session ids in mixed case and with non-ASCII
letters ('Run_B' < 'run_a' < 'rün_c' in code-point order, 'run_a' < 'Run_B' in a dictionary order), so that every
ordering-dependent output (the default comparison pairs, the hash draws by unit order, ties broken by doc_id)
differs unless each engine orders text by code point. A run id and a bucket hold the characters that break a SQL
string literal made carelessly (HOSTILE: ', ", ;, \\), and the custom var set compares them by name, so the
comparison pairs' literals (string_literal) are built on every engine. Doc ids drawn from a pool that every query shares (judged
differently per query), so a join of judgments to results that forgot query_id gives other numbers."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from harness import INPUT_SCHEMA

GRADES = {"binary": [0, 1], "graded": [0, 1, 2, 3], "detail": list(range(1, 11))}

# Columns of each input with their logical type (engines.TYPES maps them per engine).
INPUT_COLUMNS = {
    "results": [("run_id", "string"), ("query_id", "string"), ("doc_id", "string"), ("rank", "int"),
                ("score", "double")],
    "judgments": [("query_id", "string"), ("doc_id", "string"), ("rater_id", "string"), ("grade", "double"),
                  ("scale", "string")],
    "searches": [("search_id", "string"), ("session_id", "string"), ("searched_at", "timestamp"),
                 ("search_type", "string"), ("n_results", "int"), ("bucket", "string"), ("query", "string"),
                 ("experiment", "string")],
    "clicks": [("search_id", "string"), ("position", "int"), ("clicked_at", "timestamp")],
    "impressions": [("search_id", "string"), ("position", "int"), ("doc_id", "string"), ("score", "double"),
                    ("ranker", "string"), ("propensity", "double")],
    "page_visits": [("search_id", "string"), ("position", "int"), ("visit_end_at", "timestamp")],
}

# Every input var pointed at the loaded tables (and the searches' A/B bucket and query columns named): every model
# family is enabled. The click models' minimum of shown results per (query, doc) is 2, not 10: the compact log
# shows each pair a few times only, and the estimates are what the engines must agree on.
ALL_INPUT_VARS = {**{f"search_metrics_{name}": f"{INPUT_SCHEMA}.{name}" for name in INPUT_COLUMNS},
                  "search_metrics_bucket_column": "bucket", "search_metrics_query_id_column": "query",
                  "search_metrics_experiment_column": "experiment", "search_metrics_team_column": "ranker",
                  "search_metrics_click_models": {"min_impressions": 2}}

START = datetime(2026, 3, 2)

# Code-point order differs from a dictionary (locale) order on each of these lists.
HOSTILE = "'\";\\"  # a quote, a double quote, a statement separator, a backslash (an escape on Spark)
RUN_IDS = ["Run_B", "run_a", "rün_c" + HOSTILE, "RUN_d"]
BUCKETS = ["control", "treatment", "Treatment_bé" + HOSTILE]
QUERY_IDS = ["q9", "Q10", "q_é", "qa", "QB", "q10", "Qz", "qÄ"]
SHARED_DOCS = ["doc_a", "Doc_B", "dóc_c", "DOC_a"]
SESSION_PREFIXES = ["sess", "Sess", "séss"]


def judged_inputs(rng: random.Random, n_queries: int = 5, max_docs: int = 9, n_runs: int = 3):
    results, judgments = [], []
    run_ids = RUN_IDS[:n_runs]
    scales = sorted(GRADES)
    for q in range(n_queries):
        query_id = QUERY_IDS[q] if q < len(QUERY_IDS) else f"q{q}"
        scale = scales[q % 3] if q < 3 else rng.choice(scales)  # every scale at least once
        own = [f"{query_id}_d{i}" for i in range(rng.randint(2, max_docs) - 1)]
        docs = own + rng.sample(SHARED_DOCS, rng.randint(1, 2))  # docs[0] is the query's own
        for d, doc_id in enumerate(docs):
            n_slots = rng.choice([0, 1, 1, 2, 3])  # 0 = unjudged doc
            for slot in range(n_slots):
                grade = None if rng.random() < 0.15 else rng.choice(GRADES[scale])
                judgments.append({"query_id": query_id, "doc_id": doc_id, "rater_id": f"r{slot}",
                                  "grade": grade, "scale": scale})
        # one doc judged not relevant by every reading (the scale's lowest grade), so that both classes meet in
        # the judged auc and every precision is not simply 1
        judgments = [j for j in judgments if not (j["query_id"] == query_id and j["doc_id"] == docs[1])]
        judgments.append({"query_id": query_id, "doc_id": docs[1], "rater_id": "r0", "grade": GRADES[scale][0],
                          "scale": scale})
        if scale == "binary":  # a binary vote tie
            judgments += [{"query_id": query_id, "doc_id": docs[0], "rater_id": f"t{g}", "grade": g,
                           "scale": scale} for g in (0, 1)]
            judgments = [j for j in judgments if not (j["query_id"] == query_id and j["doc_id"] == docs[0]
                                                      and j["rater_id"].startswith("r"))]
        for r, run_id in enumerate(run_ids):
            if r > 0 and rng.random() < 0.25:
                continue  # this run did not return the query
            returned = rng.sample(docs, rng.randint(1, len(docs)))
            gaps = rng.random() < 0.4
            rank = 0
            for doc_id in returned:
                rank += rng.randint(1, 3) if gaps else 1
                score = None if rng.random() < 0.1 else float(rng.randint(0, 5)) + rng.choice([0.0, 0.25, 0.5])
                results.append({"run_id": run_id, "query_id": query_id, "doc_id": doc_id, "rank": rank,
                                "score": score})
    judgments.append({"query_id": "q_unreturned", "doc_id": "x", "rater_id": "r0", "grade": 1, "scale": "binary"})
    return results, judgments


# The click models' queries: the first judged queries (so that click and human labels share pairs) and a search
# without a query; each shows a permutation of its own docs and docs every query shares.
CLICK_QUERIES = [QUERY_IDS[0], QUERY_IDS[1], None]


def click_docs(query_id: str) -> list[str]:
    return [f"{query_id}_d0", f"{query_id}_d1", f"{query_id}_d2", *SHARED_DOCS[:3]]


def click_inputs(rng: random.Random, n_days: int = 3, n_sessions: int = 7, max_searches: int = 4,
                 max_shown: int = 6, start: datetime = START):
    searches, clicks, impressions = [], [], []
    # the queries and shown docs come from their own generator, so that every other column is drawn as before
    query_rng = random.Random(f"click queries {n_sessions} {start.isoformat()}")
    n = 0
    for s in range(n_sessions):
        bucket = rng.choice([BUCKETS[0], BUCKETS[1], BUCKETS[1], BUCKETS[2], None])  # one bucket per session
        for _ in range(rng.randint(1, max_searches)):
            n += 1
            search_id = f"s{n:04d}"
            searched_at = start + timedelta(days=rng.randrange(n_days), seconds=rng.randrange(86400))
            n_results = rng.choice([None, 0, 0, 2, 3, 10, 25])
            session_id = f"{SESSION_PREFIXES[s % len(SESSION_PREFIXES)]}{s}"
            query_id = query_rng.choice(CLICK_QUERIES)
            searches.append({"search_id": search_id, "session_id": session_id, "searched_at": searched_at,
                             "search_type": rng.choice(["fulltext", "autocomplete"]), "n_results": n_results,
                             "bucket": bucket, "query": query_id})
            shown = query_rng.sample(click_docs(query_id or "none"), max_shown)
            for position in range(1, rng.randint(0, max_shown) + 1):
                impressions.append({"search_id": search_id, "position": position, "doc_id": shown[position - 1],
                                    "score": float(rng.randint(0, 3)) + rng.choice([0.0, 0.5])})
            for _ in range(rng.choice([0, 0, 1, 2, 3])):
                clicks.append({"search_id": search_id, "position": rng.randint(1, max_shown + 1),
                               "clicked_at": searched_at + timedelta(seconds=rng.randint(-30, 900))})
    clicks.append({"search_id": "s_unknown", "position": 1, "clicked_at": start})
    impressions.append({"search_id": "s_unknown", "position": 1, "doc_id": "doc1", "score": 1.0})
    interleave(searches, impressions, random.Random(f"interleaving {n_sessions} {start.isoformat()}"))
    # the logger's propensities (the counterfactual family, configured in the custom var set): their own generator
    propensity_rng = random.Random(f"propensities {n_sessions} {start.isoformat()}")
    for row in impressions:
        row["propensity"] = propensity_rng.choice([1.0, 0.8, 0.5, 0.25, 0.125])
    return searches, clicks, impressions


# Interleaving experiments and their two teams, named so that code-point order differs from a locale's.
EXPERIMENT_TEAMS = {"exp_a": ["team_B", "Team_a"], "Exp_b": ["ränker", "Ranker"]}


def interleave(searches, impressions, rng: random.Random) -> None:
    """Puts most searches with at least two impressions in an experiment (one per session) and gives their
    impressions a team: each pair of positions holds one result of each team, in a random order (team-draft); the
    other impressions get none. Its own generator, so that the other columns are drawn as before."""
    by_search = {}
    for row in impressions:
        by_search.setdefault(row["search_id"], []).append(row)
    session_experiment = {}
    for search in searches:
        rows = sorted(by_search.get(search["search_id"], []), key=lambda r: r["position"])
        experiment = session_experiment.setdefault(search["session_id"], rng.choice([*EXPERIMENT_TEAMS, None]))
        search["experiment"] = experiment if len(rows) >= 2 else None
        if search["experiment"] is None:
            continue
        teams = EXPERIMENT_TEAMS[experiment]
        for start in range(0, len(rows), 2):
            order = rng.sample(teams, 2)
            for row, team in zip(rows[start:start + 2], order):
                row["ranker"] = team
        if len({row["ranker"] for row in rows}) < 2:  # cannot happen with two or more rows; kept as a guard
            raise AssertionError(f"search {search['search_id']} got one team")


def page_visits(searches, clicks, rng: random.Random) -> list[dict]:
    """The end of the visit of about half of the clicked (search_id, position) of known searches: 0 to 400 s after
    the first click, so that some dwells are exactly 10 s or equal a check-in time."""
    known = {s["search_id"] for s in searches}
    first = {}
    for click in clicks:
        key = (click["search_id"], click["position"])
        if click["search_id"] in known and (key not in first or click["clicked_at"] < first[key]):
            first[key] = click["clicked_at"]
    return [{"search_id": key[0], "position": key[1],
             "visit_end_at": at + timedelta(seconds=rng.choice([0, 5, 10, 10, 30, 60, 95, 400]))}
            for key, at in sorted(first.items()) if rng.random() < 0.5]


def all_inputs(seed: int | random.Random) -> dict:
    """{input name: (columns, rows)} for every input of the package."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    results, judgments = judged_inputs(rng)
    searches, clicks, impressions = click_inputs(rng)
    visits = page_visits(searches, clicks, random.Random(f"page visits {len(searches)}"))
    rows = {"results": results, "judgments": judgments, "searches": searches, "clicks": clicks,
            "impressions": impressions, "page_visits": visits}
    return {name: (INPUT_COLUMNS[name], rows[name]) for name in INPUT_COLUMNS}


# The subtopic judgments (the diversity family, ndeval's qrels), loaded and configured in the custom var set only.
SUBTOPIC_COLUMNS = [("query_id", "string"), ("subtopic_id", "string"), ("doc_id", "string"), ("grade", "int")]
SUBTOPIC_VARS = {"search_metrics_subtopic_judgments": f"{INPUT_SCHEMA}.subtopic_judgments"}


def subtopic_inputs(results: list[dict]) -> list[dict]:
    """ndeval-shaped subtopic judgments for the returned (query, doc) pairs of `results`, from their own seeded
    stream (the other inputs' draws do not move): one to three subtopics per query with ids whose code-point order
    is not their dictionary order, grades 0..2, docs relevant to several subtopics, returned docs judged for no
    subtopic, the first query with no relevant subtopic at all, and a query no run returned."""
    rng = random.Random(f"subtopics {len(results)}")
    pairs = sorted({(row["query_id"], row["doc_id"]) for row in results})
    queries = sorted({query_id for query_id, _ in pairs})
    rows = []
    for q, query_id in enumerate(queries):
        subtopic_ids = ["s1", "S2", "s_é"][: rng.randint(1, 3)]
        for _, doc_id in (pair for pair in pairs if pair[0] == query_id):
            for subtopic_id in subtopic_ids:
                if rng.random() < 0.5:
                    grade = 0 if q == 0 else rng.choice([0, 1, 1, 2])
                    rows.append({"query_id": query_id, "subtopic_id": subtopic_id, "doc_id": doc_id, "grade": grade})
    rows.append({"query_id": "q_unreturned", "subtopic_id": "s1", "doc_id": "x", "grade": 1})
    return rows


# The vars of the TREC-shaped parity runs: grades 0..4, relevance level 2, negative grades read as unjudged, ranks
# computed from scores (trec_eval's order).
TREC_VARS = {"search_metrics_max_grade": 4, "search_metrics_relevance_level": 2,
             "search_metrics_negative_grades": "unjudged", "search_metrics_rank_from": "score"}


# The trec_eval table's z-scores input (var search_metrics_trec_eval's zscores, trec_eval -Z) in the trec set
TREC_ZSCORES = f"{INPUT_SCHEMA}.zscores"
ZSCORE_COLUMNS = [("query_id", "string"), ("measure", "string"), ("mean", "double"), ("stddev", "double")]


def trec_inputs(seed: int | random.Random) -> dict:
    """all_inputs made TREC-shaped for TREC_VARS: every result scored (null scores become 0, more ties), and on the
    graded scale a grade of 4 or a negative grade now and then (-1, -2: in the pool, unjudged); and the z-scores
    of the trec_eval table (TREC_ZSCORES): per judged query a mean and stddev for map, P_5, num_rel and gm_map,
    stddev 0 for recall_5, no row for the other measures."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    tables = all_inputs(rng)
    results = [dict(row, score=0.0 if row["score"] is None else row["score"]) for row in tables["results"][1]]
    judgments = []
    for row in tables["judgments"][1]:
        if row["scale"] == "graded" and row["grade"] is not None and rng.random() < 0.4:
            row = dict(row, grade=rng.choice([-2, -1, 4]))
        judgments.append(row)
    zscores = [{"query_id": query_id, "measure": measure, "mean": rng.choice([0.0, 0.25, 0.5]),
                "stddev": 0.0 if measure == "recall_5" else rng.choice([0.5, 1.0, 2.0])}
               for query_id in sorted({row["query_id"] for row in judgments})
               for measure in ("map", "P_5", "num_rel", "gm_map", "recall_5")]
    return {**tables, "results": (INPUT_COLUMNS["results"], results),
            "judgments": (INPUT_COLUMNS["judgments"], judgments), "zscores": (ZSCORE_COLUMNS, zscores)}
