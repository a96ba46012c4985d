"""Bias, RMSE and interval coverage of each counterfactual estimator on simulated logs with a known user model.

Not a test: it prints a table and writes bench/results/counterfactual_sim.json. The estimators are the Python
reference's (tests/python/reference/counterfactual.py, the family's contract; the SQL equals it on every engine and
it equals obp 0.5.7 value for value, tests/python/test_counterfactual_reference.py).

The world
---------
* Q queries, each with a pool of D docs and a true attractiveness alpha(q, d); searches cycle through the queries
  (search i has query i mod Q), so the estimand is exactly the mean over queries of each query's true value.
* The logger: Plackett-Luce without replacement over the pool (random weights per query, a top-heavy but
  stochastic ranker), K positions; its propensities are known exactly (the marginal P(doc at k) by enumerating every
  ordered prefix, and the prefix propensity, given to the estimators: a non-factorizable logger).
* The candidate: per query, the pool's top K docs by true alpha (a better ranker than the logger).
* Two user models:
  - pbm: click at k with probability gamma_k * alpha(q, doc_k), independently (gamma = GAMMA);
  - cascade: the user scans down from position 1; at each examined position she clicks with probability alpha; after
    a click she stops with probability STOP, else goes on; without a click she goes on.
* The true value of the candidate, exactly (no Monte Carlo): pbm: clicks sum gamma_k alpha_k, ctr
  1 - prod(1 - gamma_k alpha_k), PaulScore sum F^(k-1) gamma_k alpha_k; cascade, with e_1 = 1 and
  e_{k+1} = e_k (1 - STOP alpha_k): clicks sum e_k alpha_k, ctr 1 - prod(1 - alpha_k), PaulScore
  sum F^(k-1) e_k alpha_k.
* The reward model given to DM and the cascade DR: the TRUE alpha (every pair known) and a gamma per position.
  Under pbm: the true gamma (so the DM is the exact expectation: unbiased). Under cascade, which has no gamma: the
  cascade's examination probability at k averaged over the logger's lists (exact, by enumeration: what a position
  bias fitted on these logs would aim at), so the DM is a PBM applied to cascade users: misspecified.

Per seed the log is drawn anew (N searches) and every estimator computed; over the seeds: the mean estimate, its bias
against the true value, the bias's standard error over the seeds (bias_z = bias / that: |bias_z| > 3 is a bias the
seeds resolve), the RMSE and the share of seeds whose interval (confidence 0.95) holds the true value.

Theory: sips, rips and cascade_dr are unbiased under both models (the cascade assumption: the reward at k depends
on the docs at 1..k only; both models satisfy it); iips only under the item-position assumption (the reward at k
depends on the doc at k only): pbm with clicks or PaulScore, not ctr (the first click at k depends on the docs above)
and not under cascade; dm unbiased only when its model is right (pbm with the true parameters); the self-normalized
forms are consistent, with an O(1/n) bias.

Usage: .venv/bin/python bench/counterfactual_simulation.py [--seeds 200] [--searches 1000] [--out FILE]
(about 2 minutes on one core with the defaults)
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "python"))

from reference.counterfactual import ESTIMATORS, counterfactual_estimates  # noqa: E402

Q = 4
D = 5
K = 3
GAMMA = (1.0, 0.6, 0.35)
STOP = 0.6
FACTOR = 0.5
CONFIDENCE = 0.95
MODELS = ("pbm", "cascade")
METRICS = (("clicks", None), ("ctr", None), ("paulscore", FACTOR))
RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results", "counterfactual_sim.json")


def world(seed=20261129):
    """Queries, their docs' alpha, the logger's Plackett-Luce weights, the candidate (fixed across seeds)."""
    rng = random.Random(seed)
    queries = []
    for qi in range(Q):
        docs = [f"q{qi}d{j}" for j in range(D)]
        alpha = {d: rng.uniform(0.05, 0.8) for d in docs}
        weights = {d: rng.uniform(0.5, 3.0) for d in docs}
        candidate = sorted(docs, key=lambda d: -alpha[d])[:K]
        queries.append({"query": f"q{qi}", "docs": docs, "alpha": alpha, "weights": weights,
                        "candidate": candidate})
    for q in queries:
        q["prefixes"] = list(itertools.permutations(q["docs"], K))
        q["prefix_prob"] = [pl_prefix_probability(q["weights"], order) for order in q["prefixes"]]
        marginal = {}
        for order, prob in zip(q["prefixes"], q["prefix_prob"]):
            for k, d in enumerate(order):
                marginal[(k + 1, d)] = marginal.get((k + 1, d), 0.0) + prob
        q["marginal"] = marginal
    return queries


def pl_prefix_probability(weights, order):
    prob, left = 1.0, sum(weights.values())
    for d in order:
        prob *= weights[d] / left
        left -= weights[d]
    return prob


def cascade_examination(alpha_list):
    e, out = 1.0, []
    for a in alpha_list:
        out.append(e)
        e *= 1 - STOP * a
    return out


def true_value(model, metric, factor, alpha_list):
    if model == "pbm":
        c = [GAMMA[k] * a for k, a in enumerate(alpha_list)]
    else:
        c = [e * a for e, a in zip(cascade_examination(alpha_list), alpha_list)]
    if metric == "clicks":
        return sum(c)
    if metric == "paulscore":
        return sum(factor ** k * ck for k, ck in enumerate(c))
    if model == "pbm":
        return 1 - math.prod(1 - ck for ck in c)
    return 1 - math.prod(1 - a for a in alpha_list)  # cascade: no click above means the user goes on


def reward_model(model, queries):
    """(alpha, gamma) for DM and DR: the true alpha; gamma true (pbm) or the cascade's examination averaged over the
    logger's lists (cascade). Shown counts far above min_impressions: every pair known."""
    alpha = {(q["query"], d): (q["alpha"][d], 10 ** 6) for q in queries for d in q["docs"]}
    if model == "pbm":
        return alpha, {k + 1: g for k, g in enumerate(GAMMA)}
    exam = [0.0] * K
    for q in queries:
        for order, prob in zip(q["prefixes"], q["prefix_prob"]):
            for k, e in enumerate(cascade_examination([q["alpha"][d] for d in order])):
                exam[k] += prob * e / len(queries)
    return alpha, {k + 1: e for k, e in enumerate(exam)}


def draw_log(rng, model, queries, n):
    searches = []
    for i in range(n):
        q = queries[i % len(queries)]
        left = list(q["docs"])
        order = []
        for _ in range(K):
            d = rng.choices(left, weights=[q["weights"][x] for x in left])[0]
            order.append(d)
            left.remove(d)
        clicks = []
        if model == "pbm":
            clicks = [k + 1 for k, d in enumerate(order) if rng.random() < GAMMA[k] * q["alpha"][d]]
        else:
            for k, d in enumerate(order):
                if rng.random() < q["alpha"][d]:
                    clicks.append(k + 1)
                    if rng.random() < STOP:
                        break
        searches.append({
            "search_id": i, "query": q["query"], "day": None, "search_type": None,
            "shown": {k + 1: d for k, d in enumerate(order)}, "clicks": clicks,
            "propensity": {k + 1: q["marginal"][(k + 1, d)] for k, d in enumerate(order)},
            "prefix_propensity": {k + 1: pl_prefix_probability(q["weights"], order[:k + 1]) for k in range(K)},
        })
    return searches


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--searches", type=int, default=1000)
    parser.add_argument("--out", default=RESULTS, help="the JSON file written (default: %(default)s)")
    args = parser.parse_args()
    started = time.time()
    queries = world()
    candidates = {"candidate": {q["query"]: q["candidate"] for q in queries}}
    truth = {(model, metric): sum(true_value(model, metric, factor, [q["alpha"][d] for d in q["candidate"]])
                                  for q in queries) / len(queries)
             for model in MODELS for metric, factor in METRICS}
    estimates = {}
    for model in MODELS:
        alpha, gamma = reward_model(model, queries)
        for seed in range(args.seeds):
            rng = random.Random(1000 * MODELS.index(model) + seed)
            searches = draw_log(rng, model, queries, args.searches)
            for row in counterfactual_estimates(searches, candidates, alpha, gamma, min_impressions=1,
                                                cutoffs=(K,), factors=(FACTOR,), confidence=CONFIDENCE):
                estimates.setdefault((model, row["metric"], row["estimator"]), []).append(row)
    table = []
    for (model, metric, estimator), rows in estimates.items():
        true = truth[(model, metric)]
        values = [r["estimate"] for r in rows if r["estimate"] is not None]
        n = len(values)
        if not values:
            continue
        mean = sum(values) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
        covered = [r["ci_lower"] <= true <= r["ci_upper"] for r in rows if r["ci_lower"] is not None]
        table.append({
            "model": model, "metric": metric, "factor": FACTOR if metric == "paulscore" else None,
            "estimator": estimator, "true_value": true, "mean_estimate": mean, "bias": mean - true,
            # None when the estimate does not vary over the seeds (the DM: the searches cycle through the queries)
            "bias_z": (mean - true) / (sd / math.sqrt(n)) if sd > 1e-9 * abs(mean) else None,
            "relative_bias": (mean - true) / true,
            "rmse": math.sqrt(sum((v - true) ** 2 for v in values) / n),
            "coverage": sum(covered) / len(covered) if covered else None,
            "seeds_with_estimate": n, "seeds_with_interval": len(covered),
            "mean_effective_sample_size": (sum(r["effective_sample_size"] or 0 for r in rows) / len(rows)
                                           if estimator != "dm" else None),
        })
    table.sort(key=lambda r: (MODELS.index(r["model"]), [m for m, _ in METRICS].index(r["metric"]),
                              ESTIMATORS.index(r["estimator"])))
    seconds = time.time() - started
    print(f"{args.seeds} seeds x {args.searches} searches, K = {K}, {Q} queries x {D} docs, "
          f"Plackett-Luce logger, cascade stop {STOP}, PaulScore factor {FACTOR}; {seconds:.0f} s")
    print(f"{'model':8} {'metric':10} {'estimator':11} {'true':>8} {'mean':>8} {'bias':>9} {'bias_z':>7} "
          f"{'rel.bias':>8} {'rmse':>8} {'cover':>6}")
    for r in table:
        bias_z = "" if r["bias_z"] is None else f"{r['bias_z']:7.1f}"
        cover = "" if r["coverage"] is None else f"{r['coverage']:6.3f}"
        print(f"{r['model']:8} {r['metric']:10} {r['estimator']:11} {r['true_value']:8.4f} {r['mean_estimate']:8.4f} "
              f"{r['bias']:9.4f} {bias_z:>7} {r['relative_bias']:8.1%} {r['rmse']:8.4f} {cover:>6}")
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump({"settings": {"seeds": args.seeds, "searches": args.searches, "queries": Q, "docs": D, "K": K,
                                "gamma": GAMMA, "stop": STOP, "factor": FACTOR, "confidence": CONFIDENCE},
                   "seconds": seconds, "rows": table}, f, indent=1)
    print(f"written {os.path.relpath(args.out)}")


if __name__ == "__main__":
    main()
