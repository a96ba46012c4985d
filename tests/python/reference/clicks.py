"""Reference (oracle) implementation of the click metrics.

Pure Python, standard library only, plain loops, written from the definitions (PaulScore: Wikimedia Discovery's
"PaulScore Approximations" dashboard, http://discovery.wmflabs.org/metrics/#paulscore_approx; AUC and the
per-session GAUC: the article "搜索常见指标" (Common search metrics); the impression-weighted GAUC: Zhu et al.,
"Optimized Cost per Click in Taobao Display Advertising", KDD 2017), not from the SQL. AUC is computed BY PAIRS
here; the SQL computes it from ranks.

Inputs
------
searches:     {search_id (unique), session_id, searched_at (datetime), search_type (str), n_results (int | None)}
clicks:       {search_id, position (int >= 1), clicked_at (datetime)}
impressions:  {search_id, position (int >= 1), doc_id, score (float)}

Conventions
-----------
* search_date = the date of searched_at. Sessions are split by day and search_type: a "day-session" is
  (session_id, search_date, search_type).
* Clicks and impressions whose search_id is not in searches are ignored (and counted by input_quality).
* A repeated click on the same (search_id, position) counts once.

Public API
----------
search_score(positions, factor)
paulscore_daily(searches, clicks, factors=(0.1, 0.5, 0.9))
click_metrics_daily(searches, clicks)
auc_by_pairs(labels, scores), gauc(session_rows), gauc_weighted(session_rows)
auc_daily(searches, clicks, impressions)
input_quality(searches, clicks, impressions=None)
"""

DEFAULT_FACTORS = (0.1, 0.5, 0.9)


def _date(timestamp):
    return timestamp.date()


def _known_searches(searches):
    known = {}
    for row in searches:
        known[row["search_id"]] = row
    return known


def clicked_positions(searches, clicks):
    """{search_id: set of distinct clicked positions} for the known searches (a repeated click counts once)."""
    known = _known_searches(searches)
    positions = {search_id: set() for search_id in known}
    for click in clicks:
        if click["search_id"] in known:
            positions[click["search_id"]].add(click["position"])
    return positions


# ---------------------------------------------------------------------------
# PaulScore (Wikimedia's "PaulScore Approximations")
# ---------------------------------------------------------------------------


def search_score(positions, factor):
    """nu = sum over the distinct clicked positions p (1-based) of F^(p - 1), i.e. F^k with k 0-based."""
    total = 0.0
    for position in set(positions):
        total += factor ** (position - 1)
    return total


def paulscore_daily(searches, clicks, factors=DEFAULT_FACTORS):
    """One row per (search_date, search_type, factor):
    paulscore = mean over day-sessions of (sum of the session's search scores / its number of searches);
    relative_paulscore = paulscore * (1 - F);
    paulscore_clicked_searches = mean search score over the searches with >= 1 click (None if none);
    n_sessions, n_searches, n_clicked_searches."""
    positions = clicked_positions(searches, clicks)
    sessions = {}  # (date, type) -> {session_id: [search_id, ...]}
    for row in searches:
        group = (_date(row["searched_at"]), row["search_type"])
        sessions.setdefault(group, {}).setdefault(row["session_id"], []).append(row["search_id"])

    out = []
    for (day, search_type), by_session in sessions.items():
        for factor in factors:
            session_scores = []
            n_searches = 0
            clicked_scores = []
            for search_ids in by_session.values():
                total = 0.0
                for search_id in search_ids:
                    nu = search_score(positions[search_id], factor)
                    total += nu
                    n_searches += 1
                    if positions[search_id]:
                        clicked_scores.append(nu)
                session_scores.append(total / len(search_ids))
            paulscore = sum(session_scores) / len(session_scores)
            out.append({
                "search_date": day,
                "search_type": search_type,
                "factor": factor,
                "paulscore": paulscore,
                "relative_paulscore": paulscore * (1 - factor),
                "paulscore_clicked_searches": sum(clicked_scores) / len(clicked_scores) if clicked_scores else None,
                "n_sessions": len(session_scores),
                "n_searches": n_searches,
                "n_clicked_searches": len(clicked_scores),
            })
    return out


# ---------------------------------------------------------------------------
# Engagement
# ---------------------------------------------------------------------------


def click_metrics_daily(searches, clicks):
    """One row per (search_date, search_type):
    zero_result_rate = searches with n_results = 0 / searches with a known n_results;
    clickthrough_rate = searches with n_results > 0 and >= 1 click / searches with n_results > 0;
    abandonment_rate = searches with n_results > 0 and no click / searches with n_results > 0;
    mean_first_click_position = mean over the searches with >= 1 click of their smallest clicked position.
    A rate is None when its denominator is 0."""
    positions = clicked_positions(searches, clicks)
    groups = {}
    for row in searches:
        groups.setdefault((_date(row["searched_at"]), row["search_type"]), []).append(row)
    out = []
    for (day, search_type), rows in groups.items():
        n_known = n_zero = n_with_results = n_clicked_with_results = n_clicked = 0
        first_positions = []
        for row in rows:
            clicked = positions[row["search_id"]]
            n_results = row["n_results"]
            if n_results is not None:
                n_known += 1
                if n_results == 0:
                    n_zero += 1
                if n_results > 0:
                    n_with_results += 1
                    if clicked:
                        n_clicked_with_results += 1
            if clicked:
                n_clicked += 1
                first_positions.append(min(clicked))
        out.append({
            "search_date": day,
            "search_type": search_type,
            "n_searches": len(rows),
            "zero_result_rate": n_zero / n_known if n_known else None,
            "clickthrough_rate": n_clicked_with_results / n_with_results if n_with_results else None,
            "abandonment_rate": (n_with_results - n_clicked_with_results) / n_with_results if n_with_results else None,
            "mean_first_click_position": sum(first_positions) / len(first_positions) if first_positions else None,
            "n_searches_known_results": n_known,
            "n_zero_result_searches": n_zero,
            "n_searches_with_results": n_with_results,
            "n_clicked_searches": n_clicked,
        })
    return out


# ---------------------------------------------------------------------------
# AUC and GAUC ("搜索常见指标"; Zhu et al., KDD 2017)
# ---------------------------------------------------------------------------


def auc_by_pairs(labels, scores):
    """P(random positive scores above random negative), ties 1/2: over every (positive, negative) pair.
    None when either class is empty."""
    positives = []
    negatives = []
    for label, score in zip(labels, scores):
        if label == 1:
            positives.append(score)
        else:
            negatives.append(score)
    if not positives or not negatives:
        return None
    wins = 0.0
    for p in positives:
        for n in negatives:
            if p > n:
                wins += 1.0
            elif p == n:
                wins += 0.5
    return wins / (len(positives) * len(negatives))


def gauc(session_rows):
    """Mean of the session AUCs that are not None (None if there is none). session_rows: [{auc, n_impressions}]."""
    used = [row["auc"] for row in session_rows if row["auc"] is not None]
    return sum(used) / len(used) if used else None


def gauc_weighted(session_rows):
    """Alibaba's GAUC: sum of n_impressions * AUC / sum of n_impressions, over the sessions with an AUC."""
    numerator = 0.0
    denominator = 0
    for row in session_rows:
        if row["auc"] is not None:
            numerator += row["n_impressions"] * row["auc"]
            denominator += row["n_impressions"]
    return numerator / denominator if denominator else None


def labeled_impressions(searches, clicks, impressions):
    """Impressions of known searches with label 1 when (search_id, position) was clicked, else 0."""
    known = _known_searches(searches)
    positions = clicked_positions(searches, clicks)
    out = []
    for imp in impressions:
        search = known.get(imp["search_id"])
        if search is None or imp["score"] is None:
            continue
        out.append({
            "search_date": _date(search["searched_at"]),
            "search_type": search["search_type"],
            "session_id": search["session_id"],
            "score": imp["score"],
            "label": 1 if imp["position"] in positions[imp["search_id"]] else 0,
        })
    return out


def auc_daily(searches, clicks, impressions):
    """One row per (search_date, search_type) with at least one impression of a known search:
    auc = pooled AUC over its impressions; gauc / gauc_weighted over its day-sessions' AUCs;
    n_sessions_used (AUC defined) and n_sessions_skipped (one class only); n_impressions; n_clicked_impressions."""
    groups = {}
    for row in labeled_impressions(searches, clicks, impressions):
        groups.setdefault((row["search_date"], row["search_type"]), []).append(row)
    out = []
    for (day, search_type), rows in groups.items():
        sessions = {}
        for row in rows:
            sessions.setdefault(row["session_id"], []).append(row)
        session_rows = []
        for session in sessions.values():
            session_rows.append({
                "auc": auc_by_pairs([r["label"] for r in session], [r["score"] for r in session]),
                "n_impressions": len(session),
            })
        n_used = sum(1 for s in session_rows if s["auc"] is not None)
        out.append({
            "search_date": day,
            "search_type": search_type,
            "auc": auc_by_pairs([r["label"] for r in rows], [r["score"] for r in rows]),
            "gauc": gauc(session_rows),
            "gauc_weighted": gauc_weighted(session_rows),
            "n_sessions_used": n_used,
            "n_sessions_skipped": len(session_rows) - n_used,
            "n_impressions": len(rows),
            "n_clicked_impressions": sum(r["label"] for r in rows),
        })
    return out


# ---------------------------------------------------------------------------
# Input quality
# ---------------------------------------------------------------------------


def input_quality(searches, clicks, impressions=None):
    """{(input_name, status): n_rows} for the click inputs: searches are all used; clicks are ignored
    (unknown search), duplicate (every click after the first on the same (search_id, position)) or used;
    impressions are ignored (unknown search) or used."""
    known = _known_searches(searches)
    counts = {("searches", "used"): len(searches)}
    seen = set()
    for click in clicks:
        if click["search_id"] not in known:
            status = "ignored"
        elif (click["search_id"], click["position"]) in seen:
            status = "duplicate"
        else:
            status = "used"
            seen.add((click["search_id"], click["position"]))
        counts[("clicks", status)] = counts.get(("clicks", status), 0) + 1
    for imp in impressions or []:
        status = "used" if imp["search_id"] in known else "ignored"
        counts[("impressions", status)] = counts.get(("impressions", status), 0) + 1
    return counts
