"""Reference (oracle) implementation of judged search-quality metrics.

Pure Python, standard library only, deliberately written with plain loops so
that every number can be traced back to the specification.  It is the
independent oracle against which the dbt/SQL implementation is checked; it
was written from the written specification only.

Inputs
------
results rows:   {run_id, query_id, doc_id, rank (int >= 1, unique within
                 run+query, gaps allowed), score (float | None)}
judgment rows:  {query_id, doc_id, rater_id (str | None),
                 grade (number | None; None = slot not graded yet),
                 scale ('binary' | 'graded' | 'detail')}

Public API
----------
DEFAULT_TRANSFORMERS, resolve_transformers(overrides), transform_grade(...)
aggregate_judgments(judgments, transformers=None)
BUILTIN_METRICS, resolve_metrics(items)
query_metrics(results, judgments, cutoffs=(1, 3, 5, 10), metrics=None,
              transformers=None)
run_metrics(query_rows)
"""

import math

from . import trec

SCALES = ("binary", "graded", "detail")

# Rule "Scales": binary {0,1}; graded {0..max_grade} (default 3); detail {1..10}.
SCALE_MAX = {"binary": 1, "graded": 3, "detail": 10}

# Rule "Grading" (vars search_metrics_max_grade, _relevance_level, _negative_grades): the defaults.
DEFAULT_GRADING = {"max_grade": 3, "relevance_level": 1, "negative_grades": "reject"}


def _grading(grading):
    effective = dict(DEFAULT_GRADING)
    effective.update(grading or {})
    return effective


def scale_max(scale, grading=None):
    """The top grade of a scale: binary 1, graded max_grade, detail 10."""
    return _grading(grading)["max_grade"] if scale == "graded" else SCALE_MAX[scale]


# ---------------------------------------------------------------------------
# Judgment processing
# ---------------------------------------------------------------------------

# Rule "Judgment processing 1": default transformers, source grade -> target.
DEFAULT_TRANSFORMERS = {
    "graded_to_binary": {0: 0, 1: 1, 2: 1, 3: 1},
    "detail_to_binary": {1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1},
    "detail_to_graded": {1: 0, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 3, 9: 3, 10: 3},
    "graded_to_detail": {0: 1, 1: 4, 2: 7, 3: 10},
    "binary_to_graded": {0: 0, 1: 3},
    "binary_to_detail": {0: 1, 1: 10},
}


def resolve_transformers(overrides=None, grading=None):
    """Return the effective transformer dict.

    Rule: "the function takes an optional override dict that REPLACES whole
    keys" -- an override for 'detail_to_graded' replaces the whole default
    mapping for that key; other keys keep their defaults.  Keys that are not
    one of the six source_to_target pairs raise ValueError.
    """
    grading = _grading(grading)
    if grading["max_grade"] == 3 and grading["relevance_level"] == 1:
        defaults = DEFAULT_TRANSFORMERS
    else:  # Rule "Integer grade scales": the defaults follow the declared maximum and relevance level
        defaults = trec.default_transformers(grading["max_grade"], grading["relevance_level"])
    effective = {key: dict(mapping) for key, mapping in defaults.items()}
    if overrides:
        for key, mapping in overrides.items():
            if key not in DEFAULT_TRANSFORMERS:
                raise ValueError("unknown transformer key: %r" % (key,))
            effective[key] = dict(mapping)
    return effective


def transform_grade(grade, source_scale, target_scale, transformers=None):
    """Transform one non-null grade from source_scale to target_scale.

    Rule "Judgment processing 1": identity when the scales are equal,
    otherwise look the grade up in transformers['<source>_to_<target>'].
    A grade missing from the mapping raises ValueError.
    """
    if source_scale not in SCALES or target_scale not in SCALES:
        raise ValueError("unknown scale: %r -> %r" % (source_scale, target_scale))
    if source_scale == target_scale:
        return grade
    if transformers is None:
        transformers = DEFAULT_TRANSFORMERS
    mapping = transformers["%s_to_%s" % (source_scale, target_scale)]
    if grade not in mapping:
        raise ValueError(
            "grade %r not in transformer %s_to_%s" % (grade, source_scale, target_scale)
        )
    return mapping[grade]


def aggregate_judgments(judgments, transformers=None, grading=None):
    """Aggregate rater grades per (query_id, doc_id) on all three scales.

    Rule "Judgment processing 2":
      * only rows with a non-null grade take part;
      * binary = majority vote of the transformed binary values: more 1s -> 1,
        more 0s -> 0, tie -> None and binary_tie=True;
      * graded, detail = arithmetic mean (float) of the transformed values;
      * no non-null grade -> None on all scales, binary_tie False.
    Every (query_id, doc_id) with at least one judgment row gets an entry
    (this key set is the pool).  Every row counts as one vote; rater_id is
    not used to de-duplicate.

    Returns {(query_id, doc_id): {'binary', 'graded', 'detail', 'binary_tie'}}.
    """
    grading = _grading(grading)
    effective = resolve_transformers(transformers, grading)

    # Collect transformed values per key, keeping first-appearance order.
    collected = {}
    for row in judgments:
        key = (row["query_id"], row["doc_id"])
        values = collected.setdefault(key, {scale: [] for scale in SCALES})
        grade = row.get("grade")
        if grade is not None and row["scale"] == "graded" and grade < 0:
            # Rule "Negative grades": 'unjudged' -> no vote (like a null grade), 'zero' -> 0, 'reject' -> error
            grade = trec.grade_under_negative_reading(grade, grading["negative_grades"])
        if grade is None:
            continue  # slot not graded yet: part of the pool, but no vote
        for target in SCALES:
            values[target].append(transform_grade(grade, row["scale"], target, effective))

    aggregated = {}
    for key, values in collected.items():
        entry = {"binary": None, "graded": None, "detail": None, "binary_tie": False}

        ones = 0
        zeros = 0
        for value in values["binary"]:
            if value == 1:
                ones += 1
            elif value == 0:
                zeros += 1
            else:
                raise ValueError("binary value must be 0 or 1, got %r" % (value,))
        if ones > zeros:
            entry["binary"] = 1
        elif zeros > ones:
            entry["binary"] = 0
        elif ones > 0:  # equal non-zero counts: a tie
            entry["binary_tie"] = True

        for scale in ("graded", "detail"):
            if values[scale]:
                total = 0.0
                for value in values[scale]:
                    total += value
                entry[scale] = total / len(values[scale])

        aggregated[key] = entry
    return aggregated


# ---------------------------------------------------------------------------
# Metric configuration
# ---------------------------------------------------------------------------

# Rule "Built-in metrics": exact names, default set, in this order.  These are
# the raw specs; resolve_metrics() fills in the defaults.
BUILTIN_METRICS = [
    {"name": "precision", "type": "precision", "denominator": "graded"},
    {"name": "precision_k", "type": "precision", "denominator": "k"},
    {"name": "recall", "type": "recall"},
    {"name": "average_precision", "type": "average_precision", "denominator": "retrieved"},
    {"name": "average_precision_pool", "type": "average_precision", "denominator": "pool"},
    {"name": "reciprocal_rank", "type": "reciprocal_rank"},
    {"name": "cg", "type": "cg"},
    {"name": "dcg", "type": "dcg"},
    {"name": "ndcg", "type": "ndcg", "ideal": "local", "gain": "linear", "scale": "graded"},
    {"name": "cg_detail", "type": "cg", "scale": "detail"},
    {"name": "dcg_detail", "type": "dcg", "scale": "detail"},
    {"name": "ndcg_detail", "type": "ndcg", "ideal": "local", "gain": "linear", "scale": "detail"},
    {"name": "ndcg_pool", "type": "ndcg", "gain": "linear", "ideal": "pool"},
    {"name": "ndcg_exp", "type": "ndcg", "gain": "exponential", "ideal": "pool"},
    {"name": "err", "type": "err", "scale": "graded"},
    {"name": "coverage", "type": "coverage", "scale": "graded"},
    {"name": "binary_ties", "type": "binary_ties"},
    {"name": "auc", "type": "auc", "scale": "binary"},
    {"name": "success", "type": "success"},
    {"name": "r_precision", "type": "r_precision"},
    {"name": "bpref", "type": "bpref"},
    {"name": "rbp_p80", "type": "rbp", "persistence": 0.8},
    {"name": "rbp_residual_p80", "type": "rbp_residual", "persistence": 0.8},
    {"name": "n_relevant", "type": "count", "count": "relevant"},
    {"name": "n_retrieved", "type": "count", "count": "retrieved"},
    {"name": "n_relevant_retrieved", "type": "count", "count": "relevant_retrieved"},
    {"name": "average_precision_11pt", "type": "average_precision_11pt"},
    {"name": "ndcg_pool_condensed", "type": "ndcg", "ideal": "pool", "condensed": True},
    {"name": "average_precision_pool_condensed", "type": "average_precision", "denominator": "pool",
     "condensed": True},
    {"name": "average_precision_pool_whole_list", "type": "average_precision", "denominator": "pool",
     "whole_list": True},
    {"name": "ndcg_pool_whole_list", "type": "ndcg", "ideal": "pool", "whole_list": True},
]

# Rule "No cutoff": these types give one value per (run, query) over the whole list, k None; so does an
# average_precision or ndcg entry with whole_list True.
WHOLE_LIST_TYPES = ("auc", "r_precision", "bpref", "rbp", "rbp_residual", "count", "average_precision_11pt",
                    "infap", "set_precision", "set_recall", "set_f", "set_average_precision",
                    "set_relative_precision", "r_precision_multiple", "utility", "ndcg_rel", "rndcg", "g", "bin_g")
# Rule "Geometric mean": reported for the types whose values are scores in [0, 1].
SCORE_TYPES = ("precision", "recall", "average_precision", "reciprocal_rank", "ndcg", "err", "auc", "success",
               "r_precision", "bpref", "rbp", "average_precision_11pt", "infap", "set_precision", "set_recall",
               "set_f", "set_average_precision", "set_relative_precision", "relative_precision",
               "r_precision_multiple", "ndcg_rel", "rndcg", "g", "bin_g")

_BUILTIN_BY_NAME = {spec["name"]: spec for spec in BUILTIN_METRICS}

RELEVANCE_TYPES = ("precision", "recall", "average_precision", "reciprocal_rank")

# Rule "Types and params": allowed params per type with their defaults.
# A default of None for 'threshold'/'g_max' means "derived from the scale".
_TYPE_PARAMS = {
    "precision": {"scale": "binary", "threshold": None, "denominator": "graded"},
    "recall": {"scale": "binary", "threshold": None},
    "average_precision": {"scale": "binary", "threshold": None, "denominator": "retrieved",
                          "condensed": False, "whole_list": False},
    "reciprocal_rank": {"scale": "binary", "threshold": None},
    "cg": {"scale": "graded", "gain": "linear"},
    "dcg": {"scale": "graded", "gain": "linear"},
    "ndcg": {"scale": "graded", "gain": "linear", "ideal": "local", "condensed": False, "whole_list": False},
    "err": {"scale": "graded", "g_max": None},
    "coverage": {"scale": "graded"},
    "binary_ties": {},
    "auc": {"scale": "binary", "threshold": None},  # one value per query (k None), every rank
    "success": {"scale": "binary", "threshold": None},
    "r_precision": {"scale": "binary", "threshold": None},
    "bpref": {"scale": "binary", "threshold": None},
    "rbp": {"scale": "graded", "persistence": None},
    "rbp_residual": {"scale": "graded", "persistence": None},
    "count": {"scale": "binary", "threshold": None, "count": None},
    "average_precision_11pt": {"scale": "binary", "threshold": None},
    "infap": {"scale": "binary", "threshold": None},
    "set_precision": {"scale": "binary", "threshold": None},
    "set_recall": {"scale": "binary", "threshold": None},
    "set_f": {"scale": "binary", "threshold": None, "beta": 1},
    "set_average_precision": {"scale": "binary", "threshold": None},
    "set_relative_precision": {"scale": "binary", "threshold": None},
    "relative_precision": {"scale": "binary", "threshold": None},
    "r_precision_multiple": {"scale": "binary", "threshold": None, "multiple": None},
    "utility": {"scale": "binary", "threshold": None, "a": 1, "b": -1, "c": 0, "d": 0, "collection_size": None},
    "ndcg_rel": {"scale": "graded", "gain": "linear"},
    "rndcg": {"scale": "graded", "gain": "linear"},
    "g": {"scale": "graded", "gain": "linear"},
    "bin_g": {"scale": "binary", "threshold": None},
    "unjudged": {"scale": "graded"},
}
THRESHOLD_TYPES = RELEVANCE_TYPES + ("auc", "success", "r_precision", "bpref", "count", "average_precision_11pt",
                                     "infap", "set_precision", "set_recall", "set_f", "set_average_precision",
                                     "set_relative_precision", "relative_precision", "r_precision_multiple",
                                     "utility", "bin_g")

_ENUM_VALUES = {
    "scale": SCALES,
    "gain": ("linear", "exponential"),
    "ideal": ("local", "pool"),
}
_DENOMINATORS = {
    "precision": ("graded", "k"),
    "average_precision": ("retrieved", "pool"),
}


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _resolve_spec(raw, grading=None):
    """Validate one raw spec dict {name, type, ...params} and fill defaults.

    Rules:
      * type must be one of the listed types; params must belong to the type
        and enumerated values must be one of the listed values (ValueError);
      * threshold defaults to 1 for scale binary and is REQUIRED for
        graded/detail (relevance types only);
      * err's g_max defaults to the max grade of the scale (binary 1,
        graded 3, detail 10).  A g_max below the scale maximum would give
        R > 1 and is rejected (ValueError).
    """
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError("metric spec needs a non-empty string 'name': %r" % (raw,))
    mtype = raw.get("type")
    if mtype not in _TYPE_PARAMS:
        raise ValueError("metric %r: unknown type %r" % (name, mtype))
    allowed = _TYPE_PARAMS[mtype]
    for key in raw:
        if key not in ("name", "type") and key not in allowed:
            raise ValueError("metric %r: unknown param %r for type %r" % (name, key, mtype))

    spec = {"name": name, "type": mtype}
    for key, default in allowed.items():
        spec[key] = raw.get(key, default)

    for key, values in _ENUM_VALUES.items():
        if key in spec and spec[key] not in values:
            raise ValueError("metric %r: invalid %s %r" % (name, key, spec[key]))
    if mtype in _DENOMINATORS and spec["denominator"] not in _DENOMINATORS[mtype]:
        raise ValueError("metric %r: invalid denominator %r" % (name, spec["denominator"]))

    if mtype == "auc" and spec["scale"] != "binary":
        raise ValueError("metric %r: auc reads the binary scale only, got %r" % (name, spec["scale"]))
    if mtype in THRESHOLD_TYPES:
        if spec["threshold"] is None:
            if spec["scale"] != "binary":
                raise ValueError(
                    "metric %r: threshold is required for scale %r" % (name, spec["scale"])
                )
            spec["threshold"] = 1
        elif not _is_number(spec["threshold"]):
            raise ValueError("metric %r: invalid threshold %r" % (name, spec["threshold"]))

    if mtype in ("rbp", "rbp_residual"):
        p = spec["persistence"]
        if not _is_number(p) or not 0 < p < 1:
            raise ValueError("metric %r: persistence must be a number with 0 < p < 1, got %r" % (name, p))
    if mtype == "r_precision_multiple" and (not _is_number(spec["multiple"]) or spec["multiple"] <= 0):
        raise ValueError("metric %r: multiple must be a number > 0, got %r" % (name, spec["multiple"]))
    if mtype == "count" and spec["count"] not in ("relevant", "retrieved", "relevant_retrieved",
                                                  "nonrelevant_retrieved"):
        raise ValueError("metric %r: invalid count %r" % (name, spec["count"]))
    for flag in ("condensed", "whole_list"):
        if flag in spec and spec[flag] not in (True, False):
            raise ValueError("metric %r: %s must be true or false" % (name, flag))

    if mtype == "err":
        if spec["g_max"] is None:
            spec["g_max"] = scale_max(spec["scale"], grading)
        elif not _is_number(spec["g_max"]) or spec["g_max"] < scale_max(spec["scale"], grading):
            raise ValueError(
                "metric %r: invalid g_max %r for scale %r" % (name, spec["g_max"], spec["scale"])
            )
    return spec


def resolve_metrics(items, grading=None):
    """Resolve a list of metric items into fully specified spec dicts.

    Rule "Metric configuration": each item is
      * a string: the name of a built-in metric;
      * a dict {name, type, ...params}: a new metric;
      * a dict {name, base: <built-in name>, ...overrides}: the built-in's
        spec with the overrides applied (then validated as a whole).
    Unknown name / type / param (or param value) -> ValueError.  Duplicate
    metric names are rejected too (they would collide in the output rows).
    """
    resolved = []
    seen = set()
    for item in items:
        if isinstance(item, str):
            if item not in _BUILTIN_BY_NAME:
                raise ValueError("unknown built-in metric: %r" % (item,))
            raw = dict(_BUILTIN_BY_NAME[item])
        elif isinstance(item, dict):
            if "base" in item:
                base = item["base"]
                if base not in _BUILTIN_BY_NAME:
                    raise ValueError("unknown base metric: %r" % (base,))
                raw = dict(_BUILTIN_BY_NAME[base])
                for key, value in item.items():
                    if key != "base":
                        raw[key] = value
                if "name" not in item:
                    raise ValueError("metric based on %r needs a 'name'" % (base,))
            else:
                raw = dict(item)
        else:
            raise ValueError("metric item must be a string or a dict: %r" % (item,))
        spec = _resolve_spec(raw, grading)
        if spec["name"] in seen:
            raise ValueError("duplicate metric name: %r" % (spec["name"],))
        seen.add(spec["name"])
        resolved.append(spec)
    return resolved


# ---------------------------------------------------------------------------
# Per-query metric computation
# ---------------------------------------------------------------------------


def _value(aggregated, query_id, doc_id, scale):
    """Aggregated value of a doc on a scale; None when ungraded or unjudged."""
    entry = aggregated.get((query_id, doc_id))
    if entry is None:
        return None  # a doc with no judgment row is ungraded
    return entry[scale]


def _is_relevant(value, threshold):
    """Rule: relevant iff v is not None and v >= threshold."""
    return value is not None and value >= threshold


def _gain(value, gain):
    """Rule: gain = v (linear) or 2**v - 1 (exponential); ungraded gain 0."""
    if value is None:
        return 0.0
    if gain == "exponential":
        return 2.0 ** value - 1.0
    return float(value)


def _dcg_at_positions(gains):
    """Sum of gain_j / log2(j + 1) with j = 1, 2, ... (used for IDCG)."""
    total = 0.0
    position = 0
    for g in gains:
        position += 1
        total += g / math.log2(position + 1)
    return total


def _compute(spec, k, top, pool_values, query_id, aggregated):
    """Value of one metric for one (run, query, k).

    top: list of (rank, doc_id) with rank <= k, sorted by rank.
    pool_values: aggregated values on spec's scale of every judged doc of
    the query (None for ungraded ones), or None for binary_ties.
    """
    mtype = spec["type"]

    # Rule "binary_ties": number of top-k rows whose doc has binary_tie True
    # (float); never None.
    if mtype == "binary_ties":
        count = 0
        for _rank, doc_id in top:
            entry = aggregated.get((query_id, doc_id))
            if entry is not None and entry["binary_tie"]:
                count += 1
        return float(count)

    scale = spec["scale"]
    values = [(rank, _value(aggregated, query_id, doc_id, scale)) for rank, doc_id in top]
    graded_in_top = 0
    for _rank, value in values:
        if value is not None:
            graded_in_top += 1
    graded_in_pool = 0
    for value in pool_values:
        if value is not None:
            graded_in_pool += 1

    # Rule "coverage": graded in top k / rows in top k; None when no rows.
    if mtype == "coverage":
        if not values:
            return None
        return graded_in_top / len(values)

    if mtype == "success":
        # Rule "success": 1 if a relevant row is in top k, else 0; None when no doc of the pool is graded.
        if graded_in_pool == 0:
            return None
        for _rank, value in values:
            if _is_relevant(value, spec["threshold"]):
                return 1.0
        return 0.0

    if mtype in RELEVANCE_TYPES:
        threshold = spec["threshold"]
        relevant_in_top = 0
        for _rank, value in values:
            if _is_relevant(value, threshold):
                relevant_in_top += 1
        relevant_in_pool = 0
        for value in pool_values:
            if _is_relevant(value, threshold):
                relevant_in_pool += 1

        if mtype == "precision":
            if spec["denominator"] == "graded":
                # relevant in top k / graded in top k; None: nothing graded in top k
                if graded_in_top == 0:
                    return None
                return relevant_in_top / graded_in_top
            # denominator k: relevant in top k / k; None: no graded doc in pool
            if graded_in_pool == 0:
                return None
            return relevant_in_top / k

        if mtype == "recall":
            # relevant in top k / relevant in pool; None: pool has no relevant doc
            if relevant_in_pool == 0:
                return None
            return relevant_in_top / relevant_in_pool

        if mtype == "average_precision":
            # S = sum over relevant rows i of (relevant rows with rank <= i) / i
            s = 0.0
            relevant_so_far = 0
            for rank, value in values:
                if _is_relevant(value, threshold):
                    relevant_so_far += 1
                    s += relevant_so_far / rank
            if spec["denominator"] == "retrieved":
                # S / relevant in top k (0 if none); None: nothing graded in top k
                if graded_in_top == 0:
                    return None
                if relevant_in_top == 0:
                    return 0.0
                return s / relevant_in_top
            # pool: S / relevant in pool; None: pool has no relevant doc
            if relevant_in_pool == 0:
                return None
            return s / relevant_in_pool

        # reciprocal_rank: 1 / rank of first relevant (0 if none);
        # None: nothing graded in top k
        if graded_in_top == 0:
            return None
        for rank, value in values:
            if _is_relevant(value, threshold):
                return 1.0 / rank
        return 0.0

    if mtype in ("cg", "dcg", "ndcg"):
        gain = spec["gain"]
        ideal = spec.get("ideal")
        if mtype == "ndcg" and ideal == "pool":
            if graded_in_pool == 0:
                return None  # ndcg pool: None when no graded doc in the pool
        elif graded_in_top == 0:
            return None  # cg/dcg/ndcg local: None when nothing graded in top k

        if mtype == "cg":
            # Rule "cg": sum of gains over top k.
            total = 0.0
            for _rank, value in values:
                total += _gain(value, gain)
            return total

        # Rule "dcg": sum of gain_i / log2(i + 1), i = the row's rank.
        dcg = 0.0
        for rank, value in values:
            dcg += _gain(value, gain) / math.log2(rank + 1)
        if mtype == "dcg":
            return dcg

        if ideal == "local":
            # IDCG: gains of the same top-k rows sorted descending at
            # positions 1..n (n = number of top-k rows).
            ideal_gains = sorted((_gain(v, gain) for _r, v in values), reverse=True)
        else:
            # IDCG: best min(k, pool size) gains of the pool (ungraded gain 0)
            # sorted descending at positions 1..
            pool_gains = sorted((_gain(v, gain) for v in pool_values), reverse=True)
            ideal_gains = pool_gains[: min(k, len(pool_gains))]
        idcg = _dcg_at_positions(ideal_gains)
        if idcg == 0:
            return 0.0
        return dcg / idcg

    if mtype == "err":
        # Rule "err": sum_i (1/i) prod_{j<i} (1 - R_j) R_i over the top-k rows
        # in rank order, R = (2^g - 1) / 2^g_max, ungraded R = 0;
        # None when nothing graded in top k.
        if graded_in_top == 0:
            return None
        g_max = spec["g_max"]
        total = 0.0
        not_stopped = 1.0  # prod_{j<i} (1 - R_j)
        for rank, value in values:
            r = 0.0 if value is None else (2.0 ** value - 1.0) / (2.0 ** g_max)
            total += not_stopped * r / rank
            not_stopped *= 1.0 - r
        return total

    raise ValueError("unknown metric type: %r" % (mtype,))  # pragma: no cover


# the trec_eval set measures and binG: one function of (ranked, labels, threshold) each
TREC_SET_TYPES = {"set_precision": trec.set_precision, "set_recall": trec.set_recall,
                  "set_average_precision": trec.set_average_precision,
                  "set_relative_precision": trec.set_relative_precision, "bin_g": trec.bin_g}

WHOLE_LIST_K = 2 ** 31 - 1  # the cutoff a whole_list entry computes at: no rank reaches it


def query_metrics(results, judgments, cutoffs=(1, 3, 5, 10), metrics=None, transformers=None, grading=None,
                  rank_from="rank", level_rule="trec_eval10"):
    """Compute every metric for every (run_id, query_id) in results and every k.

    Rule "Metric definitions": one row per (run_id, query_id) appearing in
    results x metric x k, even when top k is empty (all ranks > k).  "top k"
    = that run's result rows of the query with rank <= k; i = the row's rank.
    The pool of a query = every (query_id, doc_id) with at least one
    judgment row.  The types without a cutoff (WHOLE_LIST_TYPES) and
    whole_list entries give one row with k None over the whole list; a
    condensed entry first drops the rows not graded on its scale and
    renumbers the rest 1, 2, ... in rank order (Sakai's condensed lists).

    grading: {max_grade, relevance_level, negative_grades} (DEFAULT_GRADING).
    rank_from: 'rank' (the rows' rank) or 'score' (trec_eval's order:
    trec.rank_by_score; a null score is an error).
    level_rule: the recall-level rounding of average_precision_11pt
    (trec.relevant_count_for_level): 'trec_eval10' (the package's default,
    var search_metrics_trec_eval's version 10) or 'trec_eval9'.
    metrics: list accepted by resolve_metrics (None = BUILTIN_METRICS).
    Output order: (run_id, query_id) in order of first appearance in
    results, then metric order, then cutoff order.
    Returns [{run_id, query_id, metric, k, value (float | None)}].
    """
    for k in cutoffs:
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError("cutoffs must be positive integers: %r" % (k,))
    grading = _grading(grading)
    if metrics is None:
        metrics = [spec["name"] for spec in BUILTIN_METRICS]
    specs = resolve_metrics(metrics, grading)
    aggregated = aggregate_judgments(judgments, transformers, grading)
    if rank_from == "score":
        results = trec.rank_by_score(results)
    elif rank_from != "rank":
        raise ValueError("rank_from must be 'rank' or 'score': %r" % (rank_from,))

    # Pool per query: the aggregated entries (one per judged doc).
    pool_docs = {}
    for query_id, doc_id in aggregated:
        pool_docs.setdefault(query_id, []).append(doc_id)

    # Group result rows per (run_id, query_id), first-appearance order.
    groups = {}
    scores = {}
    for row in results:
        key = (row["run_id"], row["query_id"])
        groups.setdefault(key, []).append((row["rank"], row["doc_id"]))
        scores[(row["run_id"], row["query_id"], row["rank"])] = row.get("score")

    out = []
    for (run_id, query_id), rows in groups.items():
        rows = sorted(rows)
        ranks = [rank for rank, _doc in rows]
        if len(set(ranks)) != len(ranks):
            raise ValueError("duplicate rank within run %r query %r" % (run_id, query_id))
        docs_in_pool = pool_docs.get(query_id, [])
        for spec in specs:
            def emit(k, value):
                out.append({"run_id": run_id, "query_id": query_id, "metric": spec["name"], "k": k,
                            "value": None if value is None else float(value)})

            mtype = spec["type"]
            if mtype == "auc":
                # Rule "auc": one row, k None, over every rank of the query.
                scored = [(scores[(run_id, query_id, rank)], _value(aggregated, query_id, doc_id, spec["scale"]))
                          for rank, doc_id in rows]
                emit(None, _auc_by_pairs(scored, spec["threshold"]))
                continue
            labels = {doc_id: aggregated[(query_id, doc_id)].get(spec.get("scale", "binary"))
                      for doc_id in docs_in_pool}
            ranked = [(doc_id, rank) for rank, doc_id in rows]
            if mtype in WHOLE_LIST_TYPES:
                threshold = spec.get("threshold")
                if mtype == "r_precision":
                    value = trec.r_precision(ranked, labels, threshold)
                elif mtype == "bpref":
                    value = trec.bpref(ranked, labels, threshold)
                elif mtype == "rbp":
                    # Rule "rbp gain": the value scaled to [0, 1] by the scale's range, (v - lowest) / (top - lowest)
                    lowest = 1 if spec["scale"] == "detail" else 0
                    shifted = {d: None if v is None else v - lowest for d, v in labels.items()}
                    value = trec.rbp(ranked, shifted, spec["persistence"], scale_max(spec["scale"], grading) - lowest,
                                     spec["scale"])
                elif mtype == "rbp_residual":
                    value = trec.rbp_residual(ranked, labels, spec["persistence"])
                elif mtype == "infap":
                    value = infap(ranked, labels, threshold)
                elif mtype == "count":
                    value = {"relevant": lambda: trec.n_relevant(labels, threshold),
                             "retrieved": lambda: trec.n_retrieved(ranked),
                             "relevant_retrieved": lambda: trec.n_relevant_retrieved(ranked, labels, threshold),
                             "nonrelevant_retrieved": lambda: trec.n_nonrelevant_retrieved(ranked, labels,
                                                                                           threshold),
                             }[spec["count"]]()
                elif mtype in TREC_SET_TYPES:
                    value = TREC_SET_TYPES[mtype](ranked, labels, threshold)
                elif mtype == "set_f":
                    value = trec.set_f(ranked, labels, threshold, spec["beta"])
                elif mtype == "r_precision_multiple":
                    value = trec.r_precision_multiple(ranked, labels, spec["multiple"], threshold)
                elif mtype == "utility":
                    value = trec.utility(ranked, labels, spec["a"], spec["b"], spec["c"], spec["d"],
                                         spec["collection_size"], threshold)
                elif mtype == "ndcg_rel":
                    value = trec.ndcg_rel(ranked, labels, spec["gain"])
                elif mtype == "rndcg":
                    # Rule "rndcg": null when the pool has no relevant doc on the binary scale (trec_eval's num_rel)
                    value = trec.rndcg(ranked, labels, spec["gain"], relevance_labels={
                        doc_id: aggregated[(query_id, doc_id)].get("binary") for doc_id in docs_in_pool})
                elif mtype == "g":
                    value = trec.g_measure(ranked, labels, spec["gain"])
                else:  # average_precision_11pt
                    value = trec.average_precision_11pt(ranked, labels, threshold, level_rule)
                emit(None, value)
                continue
            if mtype in ("relative_precision", "unjudged"):
                for k in cutoffs:
                    emit(k, trec.relative_precision(ranked, labels, k, spec["threshold"])
                         if mtype == "relative_precision" else trec.unjudged(ranked, labels, k))
                continue
            if spec.get("condensed"):
                rows_used = [(rank, doc_id) for doc_id, rank in trec.condensed(ranked, labels)]
            else:
                rows_used = rows
            if mtype == "binary_ties":
                pool_values = []
            else:
                pool_values = [labels[doc_id] for doc_id in docs_in_pool]
            if spec.get("whole_list"):
                emit(None, _compute(spec, WHOLE_LIST_K, rows_used, pool_values, query_id, aggregated))
                continue
            for k in cutoffs:
                top = [(rank, doc_id) for rank, doc_id in rows_used if rank <= k]
                emit(k, _compute(spec, k, top, pool_values, query_id, aggregated))
    return out


def precision_recall_curve(results, judgments, scale="binary", threshold=1, transformers=None, grading=None,
                           rank_from="rank", level_rule="trec_eval10"):
    """Rule "Precision-recall curve": per (run_id, query_id) of results and recall level 0.0, 0.1, .., 1.0, the
    interpolated precision (trec.interpolated_precision, with trec_eval 10's level rule by default, as the
    package's default search_metrics_trec_eval version; 'trec_eval9' for pytrec_eval's).
    Returns [{run_id, query_id, recall_level, precision}]."""
    grading = _grading(grading)
    aggregated = aggregate_judgments(judgments, transformers, grading)
    if rank_from == "score":
        results = trec.rank_by_score(results)
    ranked_by_pair = {}
    for row in results:
        ranked_by_pair.setdefault((row["run_id"], row["query_id"]), []).append((row["doc_id"], row["rank"]))
    out = []
    for (run_id, query_id), ranked in ranked_by_pair.items():
        labels = {doc_id: entry[scale] for (q, doc_id), entry in aggregated.items() if q == query_id}
        for level, precision in trec.interpolated_precision(ranked, labels, threshold, level_rule).items():
            out.append({"run_id": run_id, "query_id": query_id, "recall_level": level, "precision": precision})
    return out


# trec_eval.h: the epsilon of infAP's estimate of the share of relevant docs among the judged ones above a rank
INFAP_EPSILON = 0.00001


def infap(ranked, labels, threshold=1):
    """Rule "infap": trec_eval's infAP (m_infap.c; Yilmaz & Aslam, CIKM 2006), over the whole list.

    ranked: [(doc_id, rank)] of one (run, query); labels: {doc_id: value} of every doc of the query's pool (a
    judgment row), value None when the doc is not graded on the scale (pooled but unjudged: trec_eval's negative
    qrels value).  Walk the rows in rank order; j = rank - 1 is the number of positions above the row (every
    rank counts, the rows outside the pool too):
      * doc not in labels: not in the pool; skipped (a position that is not relevant);
      * value None: in the pool, unjudged; counted in u (unjudged so far);
      * value < threshold: judged non-relevant; counted in n;
      * else relevant: r += 1, and the sum gains, with e = INFAP_EPSILON,
          1                                                            when j = 0,
          1/(j+1) + (j/(j+1)) * ((r-1 + n + u)/j) * ((r-1 + e)/(r-1 + n + 2e))   otherwise
        (trec_eval's expression, term for term: the expected precision at the row, the pool's docs above it
        relevant in the judged proportion (r-1)/(r-1+n), the others not).
    value = sum / R, R = relevant docs in labels.  None when R = 0 (trec_eval: 0).
    """
    total_relevant = trec.n_relevant(labels, threshold)
    if total_relevant == 0:
        return None
    relevant_so_far = 0
    nonrelevant_so_far = 0
    unjudged_so_far = 0
    total = 0.0
    for doc_id, rank in sorted(ranked, key=lambda row: (row[1], row[0])):
        if doc_id not in labels:
            continue  # not in the pool
        value = labels[doc_id]
        if value is None:
            unjudged_so_far += 1
            continue
        if value < threshold:
            nonrelevant_so_far += 1
            continue
        relevant_so_far += 1
        j = rank - 1
        if j == 0:
            total += 1.0
        else:
            fj = float(j)
            total += (1.0 / (fj + 1.0)
                      + (fj / (fj + 1.0))
                      * ((relevant_so_far - 1 + nonrelevant_so_far + unjudged_so_far) / fj)
                      * ((relevant_so_far - 1 + INFAP_EPSILON)
                         / (relevant_so_far - 1 + nonrelevant_so_far + 2 * INFAP_EPSILON)))
    return total / total_relevant


def _auc_by_pairs(scored, threshold):
    """Rule "auc": over the rows with a graded value and a score, the share of (relevant, not relevant)
    pairs where the relevant row scores higher, a tie counting 1/2; None when either class is empty."""
    positives = []
    negatives = []
    for score, value in scored:
        if value is None or score is None:
            continue  # ungraded or unscored: not ranked
        if _is_relevant(value, threshold):
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


def run_metrics(query_rows, metrics=None):
    """Aggregate query_metrics rows to one row per (run_id, metric, k).

    Rule "run_metrics": value = mean over the run's queries with a non-null
    value (None if none); n_queries = number of non-null values;
    n_queries_total = number of the run's queries (rows in the group);
    geometric_mean = trec.geometric_mean of the non-null values (exp of the
    mean of ln(max(v, 1e-5)); trec_eval gm_map) for the metrics whose type is
    in SCORE_TYPES, else None (metrics: the list given to query_metrics).
    Output order: first appearance of (run_id, metric, k) in query_rows.
    """
    if metrics is None:
        metrics = [spec["name"] for spec in BUILTIN_METRICS]
    types = {spec["name"]: spec["type"] for spec in resolve_metrics(metrics)}
    groups = {}
    for row in query_rows:
        key = (row["run_id"], row["metric"], row["k"])
        groups.setdefault(key, []).append(row["value"])

    out = []
    for (run_id, metric, k), values in groups.items():
        total = 0.0
        n = 0
        for value in values:
            if value is not None:
                total += value
                n += 1
        out.append(
            {
                "run_id": run_id,
                "metric": metric,
                "k": k,
                "value": total / n if n else None,
                "n_queries": n,
                "n_queries_total": len(values),
                "geometric_mean": trec.geometric_mean(values) if types.get(metric) in SCORE_TYPES else None,
            }
        )
    return out
