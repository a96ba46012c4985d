"""Reference (oracle) implementation of the click models (docs/click_models.md, the part between the docs markers).

Pure Python, standard library only, plain loops, written from the specification, not from the SQL. Sources: SDBN
(Chapelle & Zhang, WWW 2009; Chuklin, Markov & de Rijke, "Click Models for Web Search", 2015, ch. 3-4), COEC
(Zhang & Jones, 2007), PBM (Craswell et al., WSDM 2008; the EM updates of Chuklin et al., ch. 4). Spearman,
Kendall's tau-b and AUC are computed from their textbook definitions (midranks; every pair of pairs; every
(positive, negative) pair); the agreement and the grades compare relevances at 12 decimals (relevance_key).

Inputs
------
searches:     {search_id (unique), session_id, searched_at (datetime), search_type (str), n_results (int | None),
               <query_column> (the query id or normalized query text; None = no query)}
clicks:       {search_id, position (int >= 1), clicked_at (datetime)}
impressions:  {search_id, position (int >= 1), doc_id, score (float)}
judgments:    {query_id, doc_id, rater_id (str | None), grade (number | None), scale} (as reference.judged)

Conventions
-----------
* A shown result is an impression of a known search (search_id in searches) whose query column is not None. It is
  clicked when clicks has a row with its (search_id, position); a repeated click counts once; a click on a position
  without an impression tells no model anything; a doc shown twice in one search gives two shown results.
* SDBN: a search's last clicked position is the largest clicked position among its shown results; the examined
  results of a search with a click are its shown results at positions <= that position; a search with no click
  examines all its shown results ("examine_all") or is left out of SDBN ("skip").
* COEC: ctr_p over every shown result (every pair, also those below min_impressions).
* PBM: EM over every shown result (not grouped), from alpha = gamma = 0.5, both updates from the previous
  iteration's values. A clicked shown result contributes exactly 1 to both means (the fraction is only evaluated
  for the results that were not clicked, whose gamma * alpha is < 1).
* min_impressions is applied by click_relevance only (the functions per model return every pair).
* Row order is not part of the contract: pairs in order of first appearance in the shown results.

Public API
----------
DEFAULT_SETTINGS, CLICK_MODELS, resolve_settings(overrides=None)
shown_results(searches, clicks, impressions, query_column="query_id")
sdbn(shown, alpha=1, beta=1, unclicked="examine_all"), position_ctr(shown), coec(shown), pbm(shown, iterations=20)
click_relevance(searches, clicks, impressions, settings=None, query_column="query_id")
position_bias(searches, clicks, impressions, settings=None, query_column="query_id")
default_thresholds(max_grade), click_judgments(relevance_rows, max_grade=3, thresholds=None)
spearman(x, y), kendall_tau_b(x, y), auc(labels, scores), relevance_key(value)
click_judgment_agreement(relevance_rows, judgments, transformers=None, grading=None, models=None)
generate_pbm_log(rng, n_searches, gamma, alpha), generate_sdbn_log(rng, n_searches, attractiveness, satisfaction)
"""

import math
from datetime import datetime, timedelta

from . import clicks, judged

CLICK_MODELS = ("sdbn", "coec", "pbm")

DEFAULT_SETTINGS = {
    "models": ["sdbn", "coec", "pbm"],
    "min_impressions": 10,
    "sdbn_alpha": 1,
    "sdbn_beta": 1,
    "sdbn_unclicked": "examine_all",
    "pbm_iterations": 20,
    "grade_thresholds": None,
}

RELEVANCE_COLUMNS = ("n_impressions", "n_examined", "n_clicks", "n_last_clicks", "expected_clicks",
                     "attractiveness", "satisfaction", "coec", "relevance")


def resolve_settings(overrides=None):
    """The effective settings: a key given replaces its default. Unknown keys and values outside the spec's ranges
    (sdbn_alpha / sdbn_beta > 0, sdbn_unclicked examine_all | skip, pbm_iterations 1..100, models among sdbn, coec,
    pbm) raise ValueError."""
    settings = dict(DEFAULT_SETTINGS)
    settings["models"] = list(DEFAULT_SETTINGS["models"])
    for key, value in (overrides or {}).items():
        if key not in DEFAULT_SETTINGS:
            raise ValueError("unknown click model setting: %r" % (key,))
        settings[key] = value
    for model in settings["models"]:
        if model not in CLICK_MODELS:
            raise ValueError("unknown click model: %r" % (model,))
    if not settings["sdbn_alpha"] > 0 or not settings["sdbn_beta"] > 0:
        raise ValueError("sdbn_alpha and sdbn_beta must be > 0")
    if settings["sdbn_unclicked"] not in ("examine_all", "skip"):
        raise ValueError("sdbn_unclicked must be examine_all or skip: %r" % (settings["sdbn_unclicked"],))
    iterations = settings["pbm_iterations"]
    if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= 100:
        raise ValueError("pbm_iterations must be an integer in 1..100: %r" % (iterations,))
    return settings


# ---------------------------------------------------------------------------
# Shown results
# ---------------------------------------------------------------------------


def shown_results(searches, clicks, impressions, query_column="query_id"):
    """The impressions of known searches with a query: [{search_id, query_id, doc_id, position, clicked (0/1)}],
    in impression order; clicked = 1 when a click row has the same (search_id, position)."""
    query_of = {}
    for row in searches:
        query_of[row["search_id"]] = row[query_column]
    clicked = set()
    for click in clicks:
        clicked.add((click["search_id"], click["position"]))
    out = []
    for imp in impressions:
        if imp["search_id"] not in query_of:
            continue  # unknown search
        query_id = query_of[imp["search_id"]]
        if query_id is None:
            continue  # a search without a query: read by no click model
        out.append({
            "search_id": imp["search_id"],
            "query_id": query_id,
            "doc_id": imp["doc_id"],
            "position": imp["position"],
            "clicked": 1 if (imp["search_id"], imp["position"]) in clicked else 0,
        })
    return out


def _pairs(shown):
    """The (query_id, doc_id) pairs of the shown results, in order of first appearance."""
    pairs = {}
    for row in shown:
        pairs[(row["query_id"], row["doc_id"])] = True
    return list(pairs)


# ---------------------------------------------------------------------------
# SDBN
# ---------------------------------------------------------------------------


def sdbn(shown, alpha=1, beta=1, unclicked="examine_all"):
    """{(query_id, doc_id): {n_examined, n_clicks, n_last_clicks, attractiveness, satisfaction, relevance}} for every
    pair of shown:
    attractiveness = (n_clicks + alpha) / (n_examined + alpha + beta),
    satisfaction = (n_last_clicks + alpha) / (n_clicks + alpha + beta), relevance = attractiveness * satisfaction.
    With unclicked = "skip" the searches without a click contribute nothing (their pairs keep the prior)."""
    if unclicked not in ("examine_all", "skip"):
        raise ValueError("unclicked must be examine_all or skip: %r" % (unclicked,))
    # the last clicked position of every search: the largest clicked position among its shown results
    last_clicked = {}
    for row in shown:
        search_id = row["search_id"]
        if search_id not in last_clicked:
            last_clicked[search_id] = None
        if row["clicked"] == 1:
            if last_clicked[search_id] is None or row["position"] > last_clicked[search_id]:
                last_clicked[search_id] = row["position"]

    counts = {}
    for pair in _pairs(shown):
        counts[pair] = {"n_examined": 0, "n_clicks": 0, "n_last_clicks": 0}
    for row in shown:
        pair = (row["query_id"], row["doc_id"])
        last = last_clicked[row["search_id"]]
        if last is None:
            if unclicked == "skip":
                continue
            examined = True  # examine_all: the user looked at the whole list and found nothing
        else:
            examined = row["position"] <= last
        if examined:
            counts[pair]["n_examined"] += 1
        if row["clicked"] == 1:
            counts[pair]["n_clicks"] += 1
            if row["position"] == last:
                counts[pair]["n_last_clicks"] += 1

    out = {}
    for pair, c in counts.items():
        attractiveness = (c["n_clicks"] + alpha) / (c["n_examined"] + alpha + beta)
        satisfaction = (c["n_last_clicks"] + alpha) / (c["n_clicks"] + alpha + beta)
        out[pair] = {
            "n_examined": c["n_examined"],
            "n_clicks": c["n_clicks"],
            "n_last_clicks": c["n_last_clicks"],
            "attractiveness": attractiveness,
            "satisfaction": satisfaction,
            "relevance": attractiveness * satisfaction,
        }
    return out


# ---------------------------------------------------------------------------
# COEC
# ---------------------------------------------------------------------------


def position_ctr(shown):
    """{position: {n_impressions, n_clicks, ctr}} over every shown result: ctr = n_clicks / n_impressions."""
    out = {}
    for row in shown:
        entry = out.setdefault(row["position"], {"n_impressions": 0, "n_clicks": 0, "ctr": None})
        entry["n_impressions"] += 1
        entry["n_clicks"] += row["clicked"]
    for entry in out.values():
        entry["ctr"] = entry["n_clicks"] / entry["n_impressions"]
    return out


def coec(shown):
    """{(query_id, doc_id): {expected_clicks, coec, relevance}}: expected_clicks = sum of ctr_p over the pair's shown
    results; coec = n_clicks / expected_clicks (None when expected_clicks is 0); relevance = coec / (1 + coec)."""
    ctr = position_ctr(shown)
    sums = {}
    for pair in _pairs(shown):
        sums[pair] = {"expected_clicks": 0.0, "n_clicks": 0}
    for row in shown:
        pair = (row["query_id"], row["doc_id"])
        sums[pair]["expected_clicks"] += ctr[row["position"]]["ctr"]
        sums[pair]["n_clicks"] += row["clicked"]
    out = {}
    for pair, s in sums.items():
        if s["expected_clicks"] == 0:
            ratio = None
            relevance = None
        else:
            ratio = s["n_clicks"] / s["expected_clicks"]
            relevance = ratio / (1 + ratio)
        out[pair] = {"expected_clicks": s["expected_clicks"], "coec": ratio, "relevance": relevance}
    return out


# ---------------------------------------------------------------------------
# PBM
# ---------------------------------------------------------------------------


def pbm(shown, iterations=20):
    """EM of the position-based model P(click) = gamma_p * alpha_qd over every shown result.
    Start alpha = gamma = 0.5; each iteration, from the previous iteration's values, for a shown result at position p
    of the pair (q, d) with click c:
      alpha_qd <- mean over the pair's shown results of c + (1 - c) (1 - gamma_p) alpha_qd / (1 - gamma_p alpha_qd)
      gamma_p  <- mean over the shown results at p of  c + (1 - c) gamma_p (1 - alpha_qd) / (1 - gamma_p alpha_qd)
    Returns (alpha {(query_id, doc_id): float}, gamma {position: float})."""
    alpha = {}
    gamma = {}
    for row in shown:
        alpha[(row["query_id"], row["doc_id"])] = 0.5
        gamma[row["position"]] = 0.5
    for _ in range(iterations):
        alpha_sum = {pair: 0.0 for pair in alpha}
        alpha_n = {pair: 0 for pair in alpha}
        gamma_sum = {position: 0.0 for position in gamma}
        gamma_n = {position: 0 for position in gamma}
        for row in shown:
            pair = (row["query_id"], row["doc_id"])
            position = row["position"]
            a = alpha[pair]
            g = gamma[position]
            if row["clicked"] == 1:
                alpha_term = 1.0
                gamma_term = 1.0
            else:
                denominator = 1.0 - g * a
                alpha_term = (1.0 - g) * a / denominator   # P(attracted | not clicked)
                gamma_term = g * (1.0 - a) / denominator   # P(examined | not clicked)
            alpha_sum[pair] += alpha_term
            alpha_n[pair] += 1
            gamma_sum[position] += gamma_term
            gamma_n[position] += 1
        alpha = {pair: alpha_sum[pair] / alpha_n[pair] for pair in alpha}
        gamma = {position: gamma_sum[position] / gamma_n[position] for position in gamma}
    return alpha, gamma


# ---------------------------------------------------------------------------
# The marts
# ---------------------------------------------------------------------------


def click_relevance(searches, clicks, impressions, settings=None, query_column="query_id"):
    """search_click_relevance: one row per (query_id, doc_id, model) for the pairs with n_impressions >=
    min_impressions, for each model of settings["models"]: {query_id, doc_id, model, n_impressions, n_examined,
    n_clicks, n_last_clicks, expected_clicks, attractiveness, satisfaction, coec, relevance}; a column the model does
    not have is None (n_examined, n_last_clicks, satisfaction: sdbn; expected_clicks, coec: coec; attractiveness:
    sdbn and pbm)."""
    settings = resolve_settings(settings)
    shown = shown_results(searches, clicks, impressions, query_column)
    n_impressions = {}
    n_clicks = {}
    for row in shown:
        pair = (row["query_id"], row["doc_id"])
        n_impressions[pair] = n_impressions.get(pair, 0) + 1
        n_clicks[pair] = n_clicks.get(pair, 0) + row["clicked"]

    fitted = {}
    if "sdbn" in settings["models"]:
        fitted["sdbn"] = sdbn(shown, settings["sdbn_alpha"], settings["sdbn_beta"], settings["sdbn_unclicked"])
    if "coec" in settings["models"]:
        fitted["coec"] = coec(shown)
    if "pbm" in settings["models"]:
        alpha, _gamma = pbm(shown, settings["pbm_iterations"])
        fitted["pbm"] = {pair: {"attractiveness": value, "relevance": value} for pair, value in alpha.items()}

    out = []
    for pair in _pairs(shown):
        if n_impressions[pair] < settings["min_impressions"]:
            continue
        for model in settings["models"]:
            row = {"query_id": pair[0], "doc_id": pair[1], "model": model}
            for column in RELEVANCE_COLUMNS:
                row[column] = None
            row["n_impressions"] = n_impressions[pair]
            row["n_clicks"] = n_clicks[pair]
            for column, value in fitted[model][pair].items():
                row[column] = value
            out.append(row)
    return out


def position_bias(searches, clicks, impressions, settings=None, query_column="query_id"):
    """search_click_position_bias: one row per position with a shown result: {position, n_impressions, n_clicks,
    ctr, examination}; examination = PBM's gamma_p when "pbm" is in settings["models"], else None."""
    settings = resolve_settings(settings)
    shown = shown_results(searches, clicks, impressions, query_column)
    ctr = position_ctr(shown)
    gamma = None
    if "pbm" in settings["models"]:
        _alpha, gamma = pbm(shown, settings["pbm_iterations"])
    out = []
    for position in sorted(ctr):
        out.append({
            "position": position,
            "n_impressions": ctr[position]["n_impressions"],
            "n_clicks": ctr[position]["n_clicks"],
            "ctr": ctr[position]["ctr"],
            "examination": None if gamma is None else gamma[position],
        })
    return out


def default_thresholds(max_grade):
    """The default grade thresholds: k / (max_grade + 1) for k = 1..max_grade."""
    return [k / (max_grade + 1) for k in range(1, max_grade + 1)]


def click_judgments(relevance_rows, max_grade=3, thresholds=None):
    """search_click_judgments: {query_id, doc_id, rater_id (= the model), grade, scale "graded", relevance} per
    relevance row with a relevance; grade = the number of thresholds <= relevance (0..max_grade), both compared as
    relevance_key (at 12 decimals). thresholds: one per grade 1..max_grade, ascending (None =
    default_thresholds(max_grade))."""
    if thresholds is None:
        thresholds = default_thresholds(max_grade)
    if len(thresholds) != max_grade:
        raise ValueError("grade_thresholds needs one threshold per grade 1..%d: %r" % (max_grade, thresholds))
    for i in range(1, len(thresholds)):
        if not thresholds[i - 1] < thresholds[i]:
            raise ValueError("grade_thresholds must be ascending: %r" % (thresholds,))
    out = []
    for row in relevance_rows:
        relevance = row["relevance"]
        if relevance is None:
            continue
        grade = 0
        for threshold in thresholds:
            if relevance_key(threshold) <= relevance_key(relevance):
                grade += 1
        out.append({"query_id": row["query_id"], "doc_id": row["doc_id"], "rater_id": row["model"], "grade": grade,
                    "scale": "graded", "relevance": relevance})
    return out


# ---------------------------------------------------------------------------
# Agreement statistics (textbook definitions)
# ---------------------------------------------------------------------------


def _midranks(values):
    """Rank 1..n in ascending order; tied values get the mean of the ranks they occupy."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        midrank = (start + 1 + end + 1) / 2.0  # mean of the ranks start+1 .. end+1
        for k in range(start, end + 1):
            ranks[order[k]] = midrank
        start = end + 1
    return ranks


def spearman(x, y):
    """The Pearson correlation of the midranks of x and of y; None for fewer than 2 values or a constant side."""
    n = len(x)
    if n != len(y):
        raise ValueError("x and y differ in length")
    if n < 2:
        return None
    rx = _midranks(x)
    ry = _midranks(y)
    mean_x = sum(rx) / n
    mean_y = sum(ry) / n
    sxy = sxx = syy = 0.0
    for i in range(n):
        dx = rx[i] - mean_x
        dy = ry[i] - mean_y
        sxy += dx * dy
        sxx += dx * dx
        syy += dy * dy
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def kendall_tau_b(x, y):
    """(n_c - n_d) / sqrt((n_0 - n_x)(n_0 - n_y)) over every pair i < j: n_c / n_d concordant / discordant pairs,
    n_x / n_y the pairs tied in x / in y (a pair tied in both counts in both), n_0 = n(n - 1)/2.
    None for fewer than 2 values or a constant side."""
    n = len(x)
    if n != len(y):
        raise ValueError("x and y differ in length")
    if n < 2:
        return None
    n_c = n_d = n_x = n_y = 0
    for i in range(n):
        for j in range(i + 1, n):
            tied_x = x[i] == x[j]
            tied_y = y[i] == y[j]
            if tied_x:
                n_x += 1
            if tied_y:
                n_y += 1
            if tied_x or tied_y:
                continue
            if (x[i] < x[j]) == (y[i] < y[j]):
                n_c += 1
            else:
                n_d += 1
    n_0 = n * (n - 1) // 2
    if n_0 == n_x or n_0 == n_y:
        return None
    return (n_c - n_d) / math.sqrt((n_0 - n_x) * (n_0 - n_y))


def auc(labels, scores):
    """P(a positive (label 1) scores above a negative (label 0)), a tie counting 1/2, over every (positive, negative)
    pair; None when a class is missing: the click metrics' AUC by pairs (reference.clicks.auc_by_pairs)."""
    return clicks.auc_by_pairs(labels, scores)


def relevance_key(value):
    """The relevance as the agreement statistics and the grade thresholds compare it: rounded to 12 decimals (an
    integer count of 1e-12), so that two estimates equal but for the last bits of a sum tie, and such an estimate
    reaches a threshold it equals (docs: the engines sum in different orders)."""
    return math.floor(value * 1e12 + 0.5)


def click_judgment_agreement(relevance_rows, judgments, transformers=None, grading=None, models=None):
    """search_click_judgment_agreement: one row per model, those of `models` (the fitted models; default: the
    models of relevance_rows in first-appearance order): {model, n_pairs, spearman, kendall_tau_b, n_relevant,
    n_non_relevant, auc}.
    Human judgments = the judgment rows whose rater_id is not a click model's name (a None rater_id is human),
    aggregated as the judged metrics do (reference.judged.aggregate_judgments: graded = mean grade, binary = majority
    vote, a tie None). Pairs = the (query_id, doc_id) with a relevance for the model and a human graded value.
    spearman / kendall_tau_b: relevance (compared as relevance_key) against the human graded value; auc: human
    binary labels (pairs with a binary value only) against relevance_key; n_relevant / n_non_relevant: the pairs
    with human binary 1 / 0. A model without a shared pair (also when no judgment is human) gets n_pairs 0 and None
    statistics."""
    human_rows = [row for row in judgments if row["rater_id"] not in CLICK_MODELS]
    human = judged.aggregate_judgments(human_rows, transformers, grading) if human_rows else {}

    relevance = {}
    for row in relevance_rows:
        relevance.setdefault(row["model"], {})[(row["query_id"], row["doc_id"])] = row["relevance"]

    out = []
    for model in (models if models is not None else list(relevance)):
        by_pair = relevance.get(model, {})
        xs = []
        ys = []
        labels = []
        label_scores = []
        for pair, value in by_pair.items():
            entry = human.get(pair)
            if value is None or entry is None or entry["graded"] is None:
                continue
            xs.append(relevance_key(value))
            ys.append(entry["graded"])
            if entry["binary"] is not None:
                labels.append(entry["binary"])
                label_scores.append(relevance_key(value))
        n_relevant = 0
        for label in labels:
            if label == 1:
                n_relevant += 1
        out.append({
            "model": model,
            "n_pairs": len(xs),
            "spearman": spearman(xs, ys),
            "kendall_tau_b": kendall_tau_b(xs, ys),
            "n_relevant": n_relevant,
            "n_non_relevant": len(labels) - n_relevant,
            "auc": auc(labels, label_scores),
        })
    return out


# ---------------------------------------------------------------------------
# Logs generated by known click models
# ---------------------------------------------------------------------------

_START = datetime(2026, 1, 5, 8, 0, 0)


def _docs_per_query(pairs):
    docs = {}
    for query_id, doc_id in pairs:
        docs.setdefault(query_id, []).append(doc_id)
    return docs


def _search_row(index, query_id, n_results):
    return {
        "search_id": "s%d" % index,
        "session_id": "session%d" % (index // 3),
        "searched_at": _START + timedelta(seconds=37 * index),
        "search_type": "fulltext",
        "n_results": n_results,
        "query_id": query_id,
    }


def _generate(rng, n_searches, pairs, click_list):
    """Each search: a query drawn uniformly, a random permutation of its docs at positions 1..n;
    click_list(query_id, docs) -> the clicked positions."""
    docs_of = _docs_per_query(pairs)
    queries = list(docs_of)
    searches = []
    clicks = []
    impressions = []
    for index in range(n_searches):
        query_id = rng.choice(queries)
        docs = list(docs_of[query_id])
        rng.shuffle(docs)
        search = _search_row(index, query_id, len(docs))
        searches.append(search)
        for position, doc_id in enumerate(docs, start=1):
            impressions.append({"search_id": search["search_id"], "position": position, "doc_id": doc_id,
                                "score": float(len(docs) - position + 1)})
        for k, position in enumerate(click_list(query_id, docs)):
            clicks.append({"search_id": search["search_id"], "position": position,
                           "clicked_at": search["searched_at"] + timedelta(seconds=5 + 10 * k)})
    return searches, clicks, impressions


def generate_pbm_log(rng, n_searches, gamma, alpha):
    """A log of the position-based model: gamma[p - 1] = P(position p examined), alpha[(q, d)] = P(attracted);
    a shown result at position p is clicked with probability gamma[p - 1] * alpha[(q, d)].
    Returns (searches, clicks, impressions) with the query column "query_id"."""
    for query_id, docs in _docs_per_query(alpha).items():
        if len(docs) > len(gamma):
            raise ValueError("query %r has more docs than gamma has positions" % (query_id,))

    def click_list(query_id, docs):
        clicked = []
        for position, doc_id in enumerate(docs, start=1):
            if rng.random() < gamma[position - 1] * alpha[(query_id, doc_id)]:
                clicked.append(position)
        return clicked

    return _generate(rng, n_searches, list(alpha), click_list)


def generate_sdbn_log(rng, n_searches, attractiveness, satisfaction):
    """A log of the simplified DBN (cascade): the user scans positions 1..n; clicks a result with probability
    attractiveness[(q, d)]; after a click stops with probability satisfaction[(q, d)] (satisfied), else goes on;
    after no click goes on. Returns (searches, clicks, impressions) with the query column "query_id"."""

    def click_list(query_id, docs):
        clicked = []
        for position, doc_id in enumerate(docs, start=1):
            if rng.random() < attractiveness[(query_id, doc_id)]:
                clicked.append(position)
                if rng.random() < satisfaction[(query_id, doc_id)]:
                    break
        return clicked

    return _generate(rng, n_searches, list(attractiveness), click_list)
