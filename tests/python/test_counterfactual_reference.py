"""The counterfactual reference (reference/counterfactual.py) against obp 0.5.7's slate estimators, value for value,
and against hand-computed tiny logs.

obp runs in its own venv through reference/obp_bridge.py: every case of this module in ONE subprocess (a
module-scoped fixture). The generated logs have known propensities: a factorizable logger (each position drawn
independently from its own distribution over the query's docs, so the prefix propensity is the product of the
item-position propensities; the reference is given none) and a non-factorizable one (Plackett-Luce sampling without
replacement: the item-position propensities are the exact marginals by enumeration of every ordered prefix, the
prefix propensities the product of the conditional choice probabilities, given to the reference). Candidates: the
logger's mode, one that never matches (docs the logger never shows), a random ranking of the pool, and a short one
(fewer docs than the largest cutoff) that does not rank one query (its searches are unranked). Cutoff 2 reads the
top 2 of a logged list of 4; cutoff 4 the whole list.

obp is fed what the contract (cf_spec.md) defines, computed here and not by the reference: the evaluation policy is
the candidate, deterministic, so its propensities are 1 where the logged slate / item / prefix is the candidate's
and 0 elsewhere; the slot rewards are each metric's v_k; SlateCascadeDoublyRobust gets q_hat for EVERY action at
every position (Q_hat(logged prefix, a): the PBM's expected sum of v from that position on, along the logged docs
above it, a, then the candidate's docs below; an unknown alpha or gamma counts 0) and a one-hot action
distribution at the candidate's doc (one more action, never logged, stands for "no doc", where the candidate's list
is shorter than K). obp's numbers: estimate_policy_value; the per-slate sums of its
_estimate_round_rewards give the per-search terms whose sample variance makes the reference's se (sips, iips, rips,
cascade_dr). The self-normalized estimators' se (a delta method obp does not have), the diagnostics, the DM and
the null rules are checked on the hand-computed logs.
"""

from __future__ import annotations

import itertools
import math
import random

import pytest

from reference.counterfactual import ESTIMATORS, counterfactual_estimates
from reference.obp_bridge import obp_batch

REL = 1e-9
LOGGED_LENGTH = 4
CUTOFFS = (2, 4)
FACTORS = (0.5,)
QUERIES = ("q1", "q2", "q3")
POOL = ("d1", "d2", "d3", "d4", "d5")          # every query's docs (shared ids, each query its own alpha)
NEVER = ("x1", "x2", "x3", "x4")               # docs the logger never shows
EMPTY = None                                   # the candidate has no doc at k (a list shorter than K)
ACTIONS = POOL + NEVER + (EMPTY,)              # obp's action ids: the index in this tuple
GAMMA = {1: 0.9, 2: 0.6, 3: 0.4}               # position 4 unknown: counts 0 in Q_hat
MIN_IMPRESSIONS = 10
N_SEARCHES = 60
OBP_ESTIMATORS = ("sips", "iips", "rips", "snips", "sniips", "snrips", "cascade_dr")


def close(a, b):
    if a is None or b is None:
        return a is None and b is None
    return math.isclose(a, b, rel_tol=REL, abs_tol=1e-12)


# ---------------------------------------------------------------------------------------------------------------
# generated logs
# ---------------------------------------------------------------------------------------------------------------

def pbm_parameters(rng):
    """alpha per (query, doc) with a shown count (one pair per query below min_impressions: unknown)."""
    alpha = {}
    for q in QUERIES:
        for j, d in enumerate(POOL):
            alpha[(q, d)] = (rng.uniform(0.05, 0.95), 3 if j == 4 else 50)
    return alpha


def factorizable_logger(rng, q):
    """Per position k a distribution over the pool peaked on doc k (so the per-position modes are distinct)."""
    dists = []
    for k in range(LOGGED_LENGTH):
        w = [rng.uniform(0.2, 1.0) + (3.0 if j == k else 0.0) for j in range(len(POOL))]
        dists.append([x / sum(w) for x in w])

    def draw():
        shown, p = {}, {}
        for k in range(LOGGED_LENGTH):
            j = rng.choices(range(len(POOL)), weights=dists[k])[0]
            shown[k + 1], p[k + 1] = POOL[j], dists[k][j]
        return shown, p, None

    mode = [POOL[max(range(len(POOL)), key=lambda j: dists[k][j])] for k in range(LOGGED_LENGTH)]
    return draw, mode


def plackett_luce_logger(rng, q):
    """Plackett-Luce without replacement: the marginals P(doc at k) by enumerating every ordered prefix."""
    weights = [w * rng.uniform(0.8, 1.2) for w in rng.sample([8.0, 4.0, 2.0, 1.0, 0.5], len(POOL))]

    def prefix_probability(order):
        prob, left = 1.0, sum(weights)
        for j in order:
            prob *= weights[j] / left
            left -= weights[j]
        return prob

    marginal = [[0.0] * len(POOL) for _ in range(LOGGED_LENGTH)]
    for order in itertools.permutations(range(len(POOL)), LOGGED_LENGTH):
        prob = prefix_probability(order)
        for k, j in enumerate(order):
            marginal[k][j] += prob

    def draw():
        left = list(range(len(POOL)))
        order = []
        for _ in range(LOGGED_LENGTH):
            j = rng.choices(left, weights=[weights[i] for i in left])[0]
            order.append(j)
            left.remove(j)
        shown = {k + 1: POOL[j] for k, j in enumerate(order)}
        p = {k + 1: marginal[k][j] for k, j in enumerate(order)}
        prefix = {k + 1: prefix_probability(order[:k + 1]) for k in range(LOGGED_LENGTH)}
        return shown, p, prefix

    mode = [POOL[j] for j in sorted(range(len(POOL)), key=lambda j: -weights[j])[:LOGGED_LENGTH]]
    return draw, mode


def generated_log(seed, logger):
    rng = random.Random(seed)
    alpha = pbm_parameters(rng)
    true_gamma = [0.9, 0.6, 0.4, 0.3]
    draws, modes = {}, {}
    for q in QUERIES:
        draws[q], modes[q] = logger(rng, q)
    searches = []
    for i in range(N_SEARCHES):
        q = QUERIES[i % len(QUERIES)]
        shown, p, prefix = draws[q]()
        clicks = [k for k, d in shown.items() if rng.random() < true_gamma[k - 1] * alpha[(q, d)][0]]
        searches.append({"search_id": f"s{i}", "query": q, "day": "2026-01-01", "search_type": "web",
                         "shown": shown, "clicks": clicks, "propensity": p, "prefix_propensity": prefix})
    candidates = {
        "mode": dict(modes),
        "never": {q: list(NEVER) for q in QUERIES},
        "shuffled": {q: rng.sample(POOL, LOGGED_LENGTH) for q in QUERIES},
        "short": {q: rng.sample(POOL, 3) for q in QUERIES[:-1]},  # fewer than 4 docs; QUERIES[-1] unranked
    }
    # the mode candidate of the factorizable logger must be a valid ranking (distinct docs)
    assert all(len(set(r)) == len(r) for c in candidates.values() for r in c.values())
    return searches, candidates, alpha


LOGS = {"factorizable": generated_log(7, factorizable_logger), "plackett_luce": generated_log(8, plackett_luce_logger)}


# ---------------------------------------------------------------------------------------------------------------
# obp's inputs, from the contract's definitions
# ---------------------------------------------------------------------------------------------------------------

def slot_rewards(metric, factor, clicked):
    out, before = [], 1
    for k, r in enumerate(clicked):
        out.append({"clicks": r, "ctr": r * before, "paulscore": (factor or 0) ** k * r}[metric])
        before *= 1 - r
    return out


def pbm_q(metric, factor, query, docs, k0, alpha):
    """sum over positions l >= k0 (0-based) of the PBM's E[v_l] along docs; unknown alpha / gamma count 0."""
    c = []
    for l, d in enumerate(docs):
        a, n = alpha.get((query, d), (None, 0))  # EMPTY: no doc, no click
        c.append(GAMMA.get(l + 1, 0.0) * (a if a is not None and n >= MIN_IMPRESSIONS else 0.0))
    total = 0.0
    for l in range(k0, len(docs)):
        if metric == "clicks":
            total += c[l]
        elif metric == "paulscore":
            total += factor ** l * c[l]
        else:
            total += c[l] * math.prod(1 - c[j] for j in range(l))
    return total


def obp_case(searches, ranking_of, alpha, metric, factor, K, case_id):
    """One obp dataset: the searches the candidate ranks, top K rows each."""
    rows = {key: [] for key in ("slate_id", "position", "reward", "pscore", "pscore_item_position",
                                "pscore_cascade", "evaluation_policy_pscore",
                                "evaluation_policy_pscore_item_position", "evaluation_policy_pscore_cascade",
                                "action", "q_hat", "evaluation_policy_action_dist")}
    A = len(ACTIONS)
    slate = 0
    for s in searches:
        cand = ranking_of.get(s["query"])
        if not cand:
            continue
        cand = [cand[k] if k < len(cand) else None for k in range(K)]
        logged = [s["shown"][k + 1] for k in range(K)]
        clicked = [1 if k + 1 in s["clicks"] else 0 for k in range(K)]
        v = slot_rewards(metric, factor, clicked)
        p = [s["propensity"][k + 1] for k in range(K)]
        prefix = ([s["prefix_propensity"][k + 1] for k in range(K)] if s["prefix_propensity"]
                  else [math.prod(p[:k + 1]) for k in range(K)])
        match = [1.0 if logged[k] == cand[k] else 0.0 for k in range(K)]
        for k in range(K):
            rows["slate_id"].append(slate)
            rows["position"].append(k)
            rows["reward"].append(v[k])
            rows["pscore"].append(prefix[K - 1])
            rows["pscore_item_position"].append(p[k])
            rows["pscore_cascade"].append(prefix[k])
            rows["evaluation_policy_pscore"].append(math.prod(match))
            rows["evaluation_policy_pscore_item_position"].append(match[k])
            rows["evaluation_policy_pscore_cascade"].append(math.prod(match[:k + 1]))
            rows["action"].append(ACTIONS.index(logged[k]))
            for a in ACTIONS:
                docs = logged[:k] + [a] + cand[k + 1:]
                rows["q_hat"].append(pbm_q(metric, factor, s["query"], docs, k, alpha))
                rows["evaluation_policy_action_dist"].append(1.0 if a == cand[k] else 0.0)
        slate += 1
    return {"id": case_id, "len_list": K, "n_unique_action": A, **rows}


def cells():
    """Every candidate with clicks; ctr and paulscore with the two candidates that match part of the time (each obp
    case costs about 0.1 s of pandas input checks)."""
    for log_name, (searches, candidates, alpha) in LOGS.items():
        for candidate in candidates:
            for metric, factor in (("clicks", None), ("ctr", None), ("paulscore", FACTORS[0])):
                if metric != "clicks" and candidate not in ("mode", "shuffled"):
                    continue
                for K in CUTOFFS:
                    yield log_name, candidate, metric, factor, K


@pytest.fixture(scope="module")
def obp_results():
    cases = []
    for log_name, candidate, metric, factor, K in cells():
        searches, candidates, alpha = LOGS[log_name]
        cases.append(obp_case(searches, candidates[candidate], alpha, metric, factor, K,
                              [log_name, candidate, metric, factor, K]))
    out = obp_batch(cases)
    assert out["torch_is_stub"] and not out["obp_package_init_run"]
    return {tuple(r["id"]): r for r in out["cases"]}


@pytest.fixture(scope="module")
def reference_rows():
    rows = {}
    for log_name, (searches, candidates, alpha) in LOGS.items():
        for row in counterfactual_estimates(searches, candidates, alpha, GAMMA, min_impressions=MIN_IMPRESSIONS,
                                            cutoffs=CUTOFFS, factors=FACTORS):
            rows[(log_name, row["candidate"], row["metric"], row["factor"], row["cutoff"], row["estimator"])] = row
    return rows


def test_reference_equals_obp(obp_results, reference_rows):
    compared = 0
    for cell in cells():
        got = obp_results[cell]
        for estimator in OBP_ESTIMATORS:
            row = reference_rows[cell + (estimator,)]
            assert close(row["estimate"], got[estimator]["value"]), (cell, estimator, row["estimate"], got[estimator])
            if estimator in ("sips", "iips", "rips", "cascade_dr"):
                terms = got[estimator]["slate_terms"]
                n = len(terms)
                assert row["n_searches"] == n
                m = sum(terms) / n
                se = math.sqrt(sum((t - m) ** 2 for t in terms) / (n - 1) / n)
                assert close(row["se"], se), (cell, estimator, row["se"], se)
            compared += 1
    assert compared == 2 * (4 + 2 * 2) * 2 * 7


def test_the_generated_logs_make_the_cases(obp_results, reference_rows):
    """The cases the comparison is meant to cover, seen in the numbers."""
    for log_name, (searches, candidates, alpha) in LOGS.items():
        mode = reference_rows[(log_name, "mode", "clicks", None, 4, "sips")]
        assert mode["nonzero_weight_share"] * N_SEARCHES >= 2 and mode["estimate"] > 0  # whole-list matches, K = 4
        never = reference_rows[(log_name, "never", "clicks", None, 4, "sips")]
        assert never["estimate"] == 0 and never["max_weight"] == 0
        assert reference_rows[(log_name, "never", "clicks", None, 4, "snips")]["estimate"] is None
        assert obp_results[(log_name, "never", "clicks", None, 4)]["snips"]["value"] is None  # obp: 0 / 0
        short = reference_rows[(log_name, "short", "clicks", None, 4, "sips")]
        assert short["n_searches_unranked"] == N_SEARCHES // 3 and short["estimate"] == 0  # 3 docs never match 4
        assert reference_rows[(log_name, "short", "clicks", None, 2, "rips")]["estimate"] > 0
        shuffled = reference_rows[(log_name, "shuffled", "clicks", None, 2, "iips")]
        assert 0 < shuffled["nonzero_weight_share"] < 1
        # the DR's control variate matters: it differs from RIPS where weights are nonzero
        assert not close(reference_rows[(log_name, "mode", "ctr", None, 4, "cascade_dr")]["estimate"],
                         reference_rows[(log_name, "mode", "ctr", None, 4, "rips")]["estimate"])
    assert LOGS["plackett_luce"][0][0]["prefix_propensity"] is not None
    assert LOGS["factorizable"][0][0]["prefix_propensity"] is None


# ---------------------------------------------------------------------------------------------------------------
# hand-computed
# ---------------------------------------------------------------------------------------------------------------

HAND_ALPHA = {("q", "a"): (0.5, 100), ("q", "b"): (0.4, 100), ("q", "c"): (0.9, 3)}  # c: 3 < 10 shown, unknown
HAND_GAMMA = {1: 0.8, 2: 0.5}
Z90 = 1.6448536269514722  # Phi^-1(0.95)

# case A: the candidate C = (a, b); s1 shows (a, b), clicks 2; s2 shows (a, c), clicks 1 and 2. p: s1 (.5, .4),
# s2 (.5, .25); no prefix propensities: P s1 (.5, .2), s2 (.5, .125).
HAND_A = [
    {"search_id": "s1", "query": "q", "day": "d", "search_type": "t", "shown": {1: "a", 2: "b"}, "clicks": [2],
     "propensity": {1: 0.5, 2: 0.4}},
    {"search_id": "s2", "query": "q", "day": "d", "search_type": "t", "shown": {1: "a", 2: "c"}, "clicks": [1, 2, 2],
     "propensity": {1: 0.5, 2: 0.25}},
]
# case B: s3 shows only a (position 2 empty), clicked; s4 shows (a, b), clicks 2, prefix propensities given
# (.5, .1: not the product .2); s3's given prefix has no row at 2, so P_2 = P_1 = .5.
HAND_B = [
    {"search_id": "s3", "query": "q", "day": "d", "search_type": "t", "shown": {1: "a"}, "clicks": [1, 2],
     "propensity": {1: 0.5}, "prefix_propensity": {1: 0.5}},
    {"search_id": "s4", "query": "q", "day": "d", "search_type": "t", "shown": {1: "a", 2: "b"}, "clicks": [2],
     "propensity": {1: 0.5, 2: 0.4}, "prefix_propensity": {1: 0.5, 2: 0.1}},
]


def hand_rows(searches, candidates):
    rows = counterfactual_estimates(searches, candidates, HAND_ALPHA, HAND_GAMMA, min_impressions=10,
                                    cutoffs=(1, 2), factors=(0.5,), confidence=0.9)
    return {(r["candidate"], r["metric"], r["factor"], r["cutoff"], r["estimator"]): r for r in rows}


def check(row, **expected):
    for key, value in expected.items():
        assert close(row[key], value), (row["candidate"], row["metric"], row["cutoff"], row["estimator"], key,
                                        row[key], value)


def with_interval(estimate, se):
    return {"estimate": estimate, "se": se, "ci_lower": estimate - Z90 * se, "ci_upper": estimate + Z90 * se}


def test_hand_case_a():
    rows = hand_rows(HAND_A, {"C": {"q": ["a", "b"]}, "D": {"q": ["a", "c"]}, "E": {"other": ["a"]}})
    C = {e: rows[("C", "clicks", None, 2, e)] for e in ESTIMATORS}
    # m: s1 (1, 1), s2 (1, 0); clicks v: s1 (0, 1), s2 (1, 1)
    # SIPS: W s1 1/.2 = 5, s2 0; terms 5 * 1 = 5, 0
    check(C["sips"], **with_interval(2.5, 2.5), effective_sample_size=1, max_weight=5, nonzero_weight_share=0.5)
    # IIPS: w s1 (2, 2.5), s2 (2, 0); terms 2.5, 2; var_samp .125 -> se sqrt(.0625); ESS min(16/8, 6.25/6.25)
    check(C["iips"], **with_interval(2.25, 0.25), effective_sample_size=1, max_weight=2.5, nonzero_weight_share=0.5)
    # RIPS: W s1 (2, 5), s2 (2, 0); terms 5, 2
    check(C["rips"], **with_interval(3.5, 1.5), effective_sample_size=1, max_weight=5, nonzero_weight_share=0.5)
    # SNIPS: weights 5, 0 at both k: V_1 = 0, V_2 = 5 / 5 = 1; t_i = 0 for both
    check(C["snips"], **with_interval(1.0, 0.0), effective_sample_size=1, max_weight=5)
    # SNIIPS: V_1 = (0 + 2) / 4 = .5, V_2 = 2.5 / 2.5 = 1; t_1 = (0 - 1) / 2 + 0 = -.5, t_2 = (2 - 1) / 2 = .5
    check(C["sniips"], **with_interval(1.5, 0.5), effective_sample_size=1)
    # SNRIPS: V_1 = .5, V_2 = 5 / 5 = 1; t = -.5, .5
    check(C["snrips"], **with_interval(1.5, 0.5))
    # DR: c = (.8 * .5, .5 * .4) = (.4, .2); Q_1 = .6, Q_2 = .2
    # s1: 2 (0 - .6) + .6 + 5 (1 - .2) + 2 * .2 = 3.8; s2: 2 (1 - .6) + .6 + 0 + 2 * .2 = 1.8
    check(C["cascade_dr"], **with_interval(2.8, 1.0), effective_sample_size=1, max_weight=5)
    # DM: Q_1 = .6 in both searches; everything known
    check(C["dm"], **with_interval(0.6, 0.0), estimate_upper=0.6, support_share=1, n_unsupported=0)
    for e in ESTIMATORS:
        assert C[e]["n_searches"] == 2 and C[e]["n_searches_unranked"] == 0
        assert (C[e]["estimate_upper"] is None) == (e != "dm")
        assert (C[e]["support_share"] is None) == (e != "dm")
        assert (C[e]["max_weight"] is None) == (e == "dm")

    # ctr: v s1 (0, 1), s2 (1, 0); the IPS weights see the same values as clicks (s2's k = 2 weight is 0)
    check(rows[("C", "ctr", None, 2, "rips")], estimate=3.5)
    # DR: Q_1 = .4 + .2 * .6 = .52, Q_2 = .12; s1: 2 (0 - .52) + .52 + 5 (1 - .12) + 2 * .12 = 4.12;
    # s2: 2 (1 - .52) + .52 + 0 + 2 * .12 = 1.72; var_samp 2.88 -> se 1.2
    check(rows[("C", "ctr", None, 2, "cascade_dr")], **with_interval(2.92, 1.2))
    check(rows[("C", "ctr", None, 2, "dm")], estimate=0.52, estimate_upper=0.52)
    # paulscore .5: v s1 (0, .5), s2 (1, .5); SIPS terms 5 * .5, 0; DM .4 + .5 * .2
    check(rows[("C", "paulscore", 0.5, 2, "sips")], estimate=1.25)
    check(rows[("C", "paulscore", 0.5, 2, "dm")], estimate=0.5, estimate_upper=0.5)
    # cutoff 1: W = 1 / .5 both; clicks at 1: 0, 1
    check(rows[("C", "clicks", None, 1, "sips")], **with_interval(1.0, 1.0), effective_sample_size=2,
          nonzero_weight_share=1)

    # D = (a, c): c's alpha unknown (3 shown < 10). m: s1 (1, 0), s2 (1, 1); SIPS s2 W = 1 / .125 = 8, term 8 * 2
    check(rows[("D", "clicks", None, 2, "sips")], **with_interval(8.0, 8.0), max_weight=8)
    # DR: c = (.4, 0): Q_1 = .4, Q_2 = 0; s1: 2 (0 - .4) + .4 + 0 + 2 * 0 = -.4; s2: 2 (1 - .4) + .4 + 8 (1 - 0) = 9.6
    check(rows[("D", "clicks", None, 2, "cascade_dr")], **with_interval(4.6, 5.0))
    # DM: .4, upper .4 + .5 * 1; support: 4 (search, k) docs, c unknown in both searches
    check(rows[("D", "clicks", None, 2, "dm")], estimate=0.4, estimate_upper=0.9, support_share=0.5, n_unsupported=2)
    # ctr upper: 1 - (1 - .4)(1 - .5) = .7
    check(rows[("D", "ctr", None, 2, "dm")], estimate=0.4, estimate_upper=0.7)

    # E ranks no logged query: both searches unranked, nothing estimated
    for e in ESTIMATORS:
        row = rows[("E", "clicks", None, 2, e)]
        assert row["n_searches"] == 0 and row["n_searches_unranked"] == 2
        assert all(row[key] is None for key in ("estimate", "se", "ci_lower", "ci_upper", "estimate_upper",
                                                 "effective_sample_size", "max_weight", "support_share"))


def test_hand_case_b_empty_positions_and_given_prefixes():
    rows = hand_rows(HAND_B, {"F": {"q": ["a"]}, "G": {"q": ["a", "b"]}})
    # F = (a) and nothing at 2. s3: logged (a, -), m (1, 1), p (.5, 1), P (.5, .5), r (1, 0) (the click on the
    # empty position 2 counts 0); s4: logged (a, b), m (1, 0), r (0, 1)
    check(rows[("F", "clicks", None, 2, "sips")], **with_interval(1.0, 1.0))
    check(rows[("F", "clicks", None, 2, "iips")], **with_interval(1.0, 1.0))
    check(rows[("F", "clicks", None, 2, "rips")], **with_interval(1.0, 1.0))
    # DR: Q_1 = .4, Q_2 = 0: s3: 2 (1 - .4) + .4 + 2 (0 - 0) + 2 * 0 = 1.6; s4: 2 (0 - .4) + .4 = -.4
    check(rows[("F", "clicks", None, 2, "cascade_dr")], **with_interval(0.6, 1.0))
    # DM: one doc per search, known
    check(rows[("F", "clicks", None, 2, "dm")], estimate=0.4, estimate_upper=0.4, support_share=1, n_unsupported=0)
    # G = (a, b): s3 m (1, 0); s4 m (1, 1) with the given prefix .1 (the product would be .2)
    check(rows[("G", "clicks", None, 2, "sips")], **with_interval(5.0, 5.0), max_weight=10)   # terms 0, 10 * 1
    check(rows[("G", "clicks", None, 2, "iips")], **with_interval(2.25, 0.25))               # 2 * 1, 2.5 * 1
    check(rows[("G", "clicks", None, 2, "rips")], **with_interval(6.0, 4.0))                 # 2 * 1, 10 * 1
    # SNRIPS: W s3 (2, 0), s4 (2, 10): V_1 = 2 / 4 = .5, V_2 = 10 / 10 = 1
    check(rows[("G", "clicks", None, 2, "snrips")], estimate=1.5)
    # DM upper: every doc known -> = estimate; support counts the candidate's docs only (G: 2 per search)
    check(rows[("G", "clicks", None, 2, "dm")], estimate=0.6, support_share=1, n_unsupported=0)


def test_one_search_has_no_se():
    rows = hand_rows(HAND_A[:1], {"C": {"q": ["a", "b"]}})
    row = rows[("C", "clicks", None, 2, "sips")]
    assert row["estimate"] == 5 and row["se"] is None and row["ci_lower"] is None and row["ci_upper"] is None
