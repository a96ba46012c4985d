"""Reference (oracle) implementation of the counterfactual family: a candidate ranker's click metrics estimated from
the click logs (off-policy evaluation), written from the family's contract (cf_spec.md, "Counterfactual family: the
contract"), not from the SQL. Plain Python and plain loops, standard library only (statistics.NormalDist for z).
obp 0.5.7's slate estimators are its own reference (tests/python/test_counterfactual_reference.py, through
reference/obp_bridge.py).

Entry function
--------------
counterfactual_estimates(searches, candidates, alpha, gamma, min_impressions=10, cutoffs=(3, 10),
                         factors=(0.1, 0.5, 0.9), confidence=0.95) -> list of rows

searches:   the logged searches of ONE set (a day x search_type, or all): a list of dicts
            {"search_id": any, "query": any (the query id), "day": any, "search_type": any (both only carried),
             "shown": {position (int >= 1): doc_id}            # the impressions; a position missing = nothing shown
             "clicks": iterable of positions                  # repeated clicks count once; a click on a position
                                                               # without an impression counts 0
             "propensity": {position: p}                      # p of the shown result at that position
             "prefix_propensity": {position: P} or None}      # optional (missing key or None: the product of p)
candidates: {candidate (run_id): {query: [doc at rank 1, doc at rank 2, ...]}}, each list in the candidate's rank
            order (a query missing or with an empty list: the candidate does not rank it). Rows come in this
            dict's order.
alpha:      {(query, doc_id): (alpha, shown_count)}: the PBM attractiveness and the number of shown results it was
            estimated from; known when alpha is not None and shown_count >= min_impressions.
gamma:      {position: gamma}: the PBM examination per position; a position missing (or None) is unknown.
cutoffs, factors (the PaulScore factors F), confidence: as the settings.

Returns one dict per (candidate, metric, factor, cutoff, estimator), in the order candidates x metric (clicks, ctr,
paulscore) x factor (None for clicks and ctr; each F for paulscore) x cutoff x estimator (ESTIMATORS), with keys
    candidate, metric, factor, cutoff, estimator,
    estimate, estimate_upper (dm only), se, ci_lower, ci_upper,
    n_searches (the searches the candidate ranks), n_searches_unranked (those it does not),
    effective_sample_size, max_weight, nonzero_weight_share (the estimators with propensities),
    support_share, n_unsupported (dm only)
and None where a value is not defined or not applicable.

counterfactual_by_group(searches, ..., keys=("day", "search_type")) runs the entry function per distinct value of
the keys and over all searches (key values None), adding the keys to each row: a convenience for the SQL's grain.

Conventions (where cf_spec.md leaves a choice; each is said so in the test file and the report to the lead)
-----------
* prefix propensity given but no impression at k (no row to carry it): P_k = P_{k-1} (1 at k = 1), as the product
  rule gives with p_k = 1.
* n = 0: estimate, se and interval None (no mean of nothing), diagnostics None, support None.
* n = 1: se (var_samp of one value) and the interval None; the estimate stands.
* the self-normalized estimators report the diagnostics of the weights they normalize (snips: SIPS's, ...).
* dm's se and interval are those of estimate (the lower Q); estimate_upper has no se.
"""

from __future__ import annotations

import math
from statistics import NormalDist

METRICS = ("clicks", "ctr", "paulscore")
ESTIMATORS = ("sips", "iips", "rips", "snips", "sniips", "snrips", "cascade_dr", "dm")
WITH_PROPENSITIES = ("sips", "iips", "rips", "snips", "sniips", "snrips", "cascade_dr")


# ---------------------------------------------------------------------------------------------------------------
# per search
# ---------------------------------------------------------------------------------------------------------------

def logged_vectors(search, K):
    """(logged, r, p, P) for positions 1..K as lists indexed 0..K-1 (cf_spec "Data per search")."""
    shown = search.get("shown") or {}
    clicked = set(search.get("clicks") or ())
    propensity = search.get("propensity") or {}
    prefix = search.get("prefix_propensity")
    logged, r, p, P = [], [], [], []
    running = 1.0
    for k in range(1, K + 1):
        doc = shown.get(k)
        logged.append(doc)
        if doc is None:
            r.append(0)
            p.append(1.0)
        else:
            r.append(1 if k in clicked else 0)
            p.append(float(propensity[k]))
        if prefix is None:
            running = running * p[-1]
        elif doc is not None:
            running = float(prefix[k])
        # no impression at k with given prefix propensities: P_k = P_{k-1} (module docstring)
        P.append(running)
    return logged, r, p, P


def candidate_vector(ranking, K):
    """cand_k for k = 1..K (None beyond the candidate's list)."""
    return [ranking[k] if k < len(ranking) else None for k in range(K)]


def rewards(metric, factor, r):
    """v_k for k = 1..K from the clicks r_k (cf_spec "Metrics")."""
    v = []
    none_before = 1
    for k, rk in enumerate(r):
        if metric == "clicks":
            v.append(float(rk))
        elif metric == "ctr":
            v.append(float(rk * none_before))
            none_before = none_before * (1 - rk)
        elif metric == "paulscore":
            v.append(factor ** k * rk)
        else:
            raise ValueError(f"unknown metric {metric!r}")
    return v


def click_probabilities(query, docs, alpha, gamma, min_impressions, unknown):
    """The PBM's click probability gamma_k * alpha(q, doc) at each position k of the list docs (None = no doc: 0),
    an unknown alpha or gamma counted as `unknown` (0 for the estimate, 1 for the upper bound)."""
    out = []
    for k, doc in enumerate(docs, start=1):
        if doc is None:
            out.append(0.0)
            continue
        a = alpha_of(query, doc, alpha, min_impressions)
        g = gamma.get(k)
        out.append((unknown if g is None else g) * (unknown if a is None else a))
    return out


def alpha_of(query, doc, alpha, min_impressions):
    entry = alpha.get((query, doc))
    if entry is None:
        return None
    value, shown_count = entry
    if value is None or shown_count is None or shown_count < min_impressions:
        return None
    return value


def q_from(metric, factor, c, k0):
    """The PBM's expected sum of v_l for l >= k0 (0-based) along a list with click probabilities c."""
    total = 0.0
    for l in range(k0, len(c)):
        if metric == "clicks":
            total += c[l]
        elif metric == "paulscore":
            total += factor ** l * c[l]
        elif metric == "ctr":
            none_before = 1.0
            for j in range(l):
                none_before *= 1 - c[j]
            total += c[l] * none_before
        else:
            raise ValueError(f"unknown metric {metric!r}")
    return total


# ---------------------------------------------------------------------------------------------------------------
# statistics
# ---------------------------------------------------------------------------------------------------------------

def mean(xs):
    return sum(xs) / len(xs)


def var_samp(xs):
    if len(xs) < 2:
        return None
    m = mean(xs)
    return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)


def standard_error(terms):
    v = var_samp(terms)
    return None if v is None else math.sqrt(v / len(terms))


def diagnostics(weights):
    """weights[i][k]: effective_sample_size, max_weight, nonzero_weight_share (cf_spec "Diagnostics")."""
    n = len(weights)
    if n == 0:
        return None, None, None
    K = len(weights[0])
    ess = []
    for k in range(K):
        s = sum(w[k] for w in weights)
        s2 = sum(w[k] ** 2 for w in weights)
        ess.append(0.0 if s2 == 0 else s * s / s2)  # every weight 0 at a position: no effective sample
    effective = min(ess)
    max_weight = max(w[k] for w in weights for k in range(K))
    nonzero = min(sum(1 for w in weights if w[k] > 0) / n for k in range(K))
    return effective, max_weight, nonzero


def self_normalized(weights, values):
    """V_hat = sum_k (sum_i w_ik v_ik / sum_i w_ik) and its delta-method se; (None, None) when a position's weights
    sum to 0."""
    n = len(weights)
    K = len(weights[0])
    v_k, mean_w = [], []
    for k in range(K):
        sw = sum(weights[i][k] for i in range(n))
        if sw == 0:
            return None, None
        v_k.append(sum(weights[i][k] * values[i][k] for i in range(n)) / sw)
        mean_w.append(sw / n)
    estimate = sum(v_k)
    linearized = [sum((weights[i][k] * values[i][k] - v_k[k] * weights[i][k]) / mean_w[k] for k in range(K))
                  for i in range(n)]
    return estimate, standard_error(linearized)


# ---------------------------------------------------------------------------------------------------------------
# the estimators of one (candidate, metric, factor, cutoff)
# ---------------------------------------------------------------------------------------------------------------

def _empty_row():
    return {"estimate": None, "estimate_upper": None, "se": None, "ci_lower": None, "ci_upper": None,
            "effective_sample_size": None, "max_weight": None, "nonzero_weight_share": None,
            "support_share": None, "n_unsupported": None}


def estimate_cell(data, metric, factor, K, alpha, gamma, min_impressions, z):
    """data: [(query, logged, r, p, P, cand)] of the searches the candidate ranks (vectors of length K). Returns
    {estimator: row fields}."""
    out = {name: _empty_row() for name in ESTIMATORS}
    n = len(data)
    if n == 0:
        return out

    sips_w, iips_w, rips_w = [], [], []
    values = []
    sips_terms, iips_terms, rips_terms, dr_terms, dm_terms, dm_upper_terms = [], [], [], [], [], []
    n_docs = n_unsupported = 0
    for query, logged, r, p, P, cand in data:
        v = rewards(metric, factor, r)
        values.append(v)
        m = [1 if (cand[k] == logged[k]) else 0 for k in range(K)]  # None == None: both null, a match

        all_match = 1
        for k in range(K):
            all_match *= m[k]
        W = all_match / P[K - 1]
        sips_w.append([W] * K)
        sips_terms.append(W * sum(v))

        w = [m[k] / p[k] for k in range(K)]
        iips_w.append(w)
        iips_terms.append(sum(w[k] * v[k] for k in range(K)))

        Wk = []
        prefix_match = 1
        for k in range(K):
            prefix_match *= m[k]
            Wk.append(prefix_match / P[k])
        rips_w.append(Wk)
        rips_terms.append(sum(Wk[k] * v[k] for k in range(K)))

        c = click_probabilities(query, cand, alpha, gamma, min_impressions, unknown=0.0)
        term = 0.0
        for k in range(K):
            q_k = q_from(metric, factor, c, k)
            w_prev = 1.0 if k == 0 else Wk[k - 1]
            term += Wk[k] * (v[k] - q_k) + w_prev * q_k
        dr_terms.append(term)

        dm_terms.append(q_from(metric, factor, c, 0))
        upper = click_probabilities(query, cand, alpha, gamma, min_impressions, unknown=1.0)
        dm_upper_terms.append(q_from(metric, factor, upper, 0))
        for k in range(K):
            if cand[k] is None:
                continue
            n_docs += 1
            if alpha_of(query, cand[k], alpha, min_impressions) is None or gamma.get(k + 1) is None:
                n_unsupported += 1

    def plain(name, terms, weights):
        row = out[name]
        row["estimate"] = mean(terms)
        row["se"] = standard_error(terms)
        if weights is not None:
            row["effective_sample_size"], row["max_weight"], row["nonzero_weight_share"] = diagnostics(weights)

    plain("sips", sips_terms, sips_w)
    plain("iips", iips_terms, iips_w)
    plain("rips", rips_terms, rips_w)
    plain("cascade_dr", dr_terms, rips_w)
    plain("dm", dm_terms, None)
    out["dm"]["estimate_upper"] = mean(dm_upper_terms)
    out["dm"]["n_unsupported"] = n_unsupported
    out["dm"]["support_share"] = None if n_docs == 0 else (n_docs - n_unsupported) / n_docs

    for name, weights in (("snips", sips_w), ("sniips", iips_w), ("snrips", rips_w)):
        row = out[name]
        row["estimate"], row["se"] = self_normalized(weights, values)
        row["effective_sample_size"], row["max_weight"], row["nonzero_weight_share"] = diagnostics(weights)

    for row in out.values():
        if row["estimate"] is not None and row["se"] is not None:
            row["ci_lower"] = row["estimate"] - z * row["se"]
            row["ci_upper"] = row["estimate"] + z * row["se"]
    return out


def counterfactual_estimates(searches, candidates, alpha, gamma, min_impressions=10, cutoffs=(3, 10),
                             factors=(0.1, 0.5, 0.9), confidence=0.95):
    """Every estimator per (candidate, metric, factor, cutoff) over the given searches (formats: module
    docstring)."""
    z = NormalDist().inv_cdf(1 - (1 - confidence) / 2)
    rows = []
    for candidate, rankings in candidates.items():
        ranked = [s for s in searches if rankings.get(s["query"])]
        unranked = len(searches) - len(ranked)
        for metric in METRICS:
            for factor in (factors if metric == "paulscore" else (None,)):
                for K in cutoffs:
                    data = []
                    for s in ranked:
                        logged, r, p, P = logged_vectors(s, K)
                        data.append((s["query"], logged, r, p, P, candidate_vector(rankings[s["query"]], K)))
                    cell = estimate_cell(data, metric, factor, K, alpha, gamma, min_impressions, z)
                    for estimator in ESTIMATORS:
                        row = {"candidate": candidate, "metric": metric, "factor": factor, "cutoff": K,
                               "estimator": estimator, "n_searches": len(ranked),
                               "n_searches_unranked": unranked}
                        row.update(cell[estimator])
                        rows.append(row)
    return rows


def counterfactual_by_group(searches, candidates, alpha, gamma, keys=("day", "search_type"), **settings):
    """counterfactual_estimates per distinct value of `keys` and over all searches (keys None), each row with the
    keys added."""
    groups = {}
    for s in searches:
        groups.setdefault(tuple(s.get(key) for key in keys), []).append(s)
    rows = []
    for group_key, members in list(groups.items()) + [(tuple(None for _ in keys), list(searches))]:
        for row in counterfactual_estimates(members, candidates, alpha, gamma, **settings):
            rows.append({**dict(zip(keys, group_key)), **row})
    return rows
