"""Reference (oracle) implementation of trec_eval-style measures.

Pure Python, standard library only, written with plain loops so that every
number can be traced back to the rule stated in each docstring.  The rules
were transcribed from the tools' own source code:

  * trec_eval (github.com/usnistgov/trec_eval, 10.0, checked against 9.0.8,
    which pytrec_eval-terrier 0.5.11 bundles; the rules used here are the
    same in both except iprec_at_recall / 11pt_avg, see below): form_res_rels.c,
    m_Rprec.c, m_bpref.c, m_success.c, m_num_rel.c, m_num_ret.c,
    m_num_rel_ret.c, m_map.c, m_gm_map.c (+ meas_avg.c te_calc_avg_meas_s_gm),
    m_iprec_at_recall.c, m_11pt_avg.c, m_ndcg.c (+ gain_init.c), m_ndcg_cut.c;
  * ir_measures 0.4.3: measures/rbp.py and providers/trectools_provider.py,
    providers/cwl_eval.py (RBP); providers/pytrec_eval_provider.py
    (judged_only = trec_eval's judged_docs_only_flag);
  * Moffat & Zobel 2008 (RBP and its residual), Sakai 2007 (condensed lists).
trec_eval's m_rbp.c is NOT used (uninitialised variables; its residual drops
the tail).

Data model (per run and query)
------------------------------
ranked: list of (doc_id, rank); rank a whole number >= 1, unique (gaps
        allowed: 1, 2, 5).  The "position" i in every formula is the row's
        rank itself.
labels: dict doc_id -> value for the query's pool (every doc with a judgment
        row).  value None = in the pool but not graded (unjudged); a doc
        absent from labels is not in the pool (unjudged too).
relevant            = value is not None and value >= threshold
judged non-relevant = value is not None and value <  threshold
graded              = value is not None

Deliberate differences from trec_eval / ir_measures
---------------------------------------------------
 1. None instead of 0 when the pool has no relevant doc (R = 0): r_precision,
    bpref, interpolated_precision (every level), average_precision_11pt,
    average_precision_whole_list.  trec_eval reports 0 for all of them.
 2. None when no doc of the pool is graded (empty pool or every value None):
    success, rbp, rbp_residual, ndcg_pool, ndcg_whole_list.  trec_eval reports
    0 (and pytrec_eval 0.5.11 segfaults when every qrels value of a query is
    negative, probably through max_rel < 0 in form_res_rels.c).
 3. Position = the row's rank.  trec_eval re-sorts the run by score and uses
    the list position (1..num_ret); both agree when the ranks are 1..n, e.g.
    after rank_by_score.  With gaps (ranks 1, 5) we use 5, trec_eval 2.
 4. geometric_mean skips None values (queries with R = 0).  trec_eval's
    gm_map gives such a query AP 0, i.e. ln(0.00001), and so pulls the mean
    down; it is only comparable over the queries with R > 0.
 5. condensed() drops exactly the docs whose value is None or that are not in
    labels.  trec_eval's judged_docs_only_flag drops every doc whose qrels
    value is negative or absent.  The two agree when negative grades are read
    with grade_under_negative_reading(.., 'unjudged'); under the 'zero'
    reading a negative grade becomes a judged 0 that we keep and trec_eval
    drops.
 6. RBP graded gain = value / max_grade with the caller's max_grade (the
    scale's maximum, the same for every query).  ir_measures' graded RBP
    (RBP without rel=, only from its trectools provider, which is not in
    ir_measures.DefaultPipeline: call ir_measures.trectools) does not scale at
    all: gain = the raw qrels grade (> 0), so its RBP can exceed 1 and equals
    max_grade * ours.  ir_measures reports no residual (trectools computes one
    but ir_measures keeps only the RBP value).  ir_measures' binary RBP
    (RBP(rel=r), cwl_eval provider) clips negative grades to 0, gain 1 if
    grade >= r, and weights rank i by p^(i-1) / sum_{j<1000} p^j (the list is
    padded or cut to 1000 ranks), i.e. (1 - p) p^(i-1) / (1 - p^1000): equal
    to ours to ~1e-97 for p = 0.8.  trectools ranks by list position and
    averages the weights of equal scores (even across queries), so compare on
    globally distinct scores.
 7. A doc listed twice in `ranked` counts twice (trec_eval rejects such runs).
 8. interpolated_precision / average_precision_11pt default to trec_eval
    9.0.x's level count (what pytrec_eval computes), not the 10.0 source;
    level_rule='trec_eval10' gives 10.0's (see below).

Things in trec_eval's source worth knowing
------------------------------------------
 * Ties: comp_sim_docno (form_res_rels.c) sorts by sim descending, then
   strcmp(p2->docno, p1->docno): doc ids DEScending in byte order.  trec_eval
   9.0.x (so pytrec_eval 0.5.11) holds sim as a C float (32 bits): scores
   1.0 and 1.0 + 1e-9 tie there; 10.0 and rank_by_score compare doubles.
 * A negative qrels value puts the doc in the pool as RELVALUE_UNJUDGED: it
   counts in no rel_levels bucket (not relevant, not judged non-relevant).
 * bpref: N = judged non-relevant docs of the pool (rel_levels below the
   relevance level), the term is 1 - min(n, R) / min(N, R) when n > 0 else 1,
   unjudged and non-pool docs are skipped, and the sum is over the relevant
   docs of the WHOLE list (not only the first R); divided by R.
 * iprec_at_recall / 11pt_avg: a level x is turned into a count of relevant
   docs c, and iprec = max precision over the positions at or after the c-th
   relevant retrieved doc (all positions when c = 0; 0 when c > num_rel_ret).
   Recall is never compared with x as a float.  The count depends on the
   version:
     trec_eval 9.0.x  c = (long)(x * R + 0.9) in double precision.  This is
       what pytrec_eval-terrier 0.5.11 bundles, and this module's default
       (level_rule='trec_eval9').  It is "recall >= x" except for float
       error: 0.7 * 3 + 0.9 = 2.9999999999999996 -> c = 2, though 2/3 < 0.7
       (also R = 23, 33, 57, ...).  A build that contracts x * R + 0.9 into a
       fused multiply-add gets 3 there; Python (and x86-64 builds without
       FMA) get 2.
     trec_eval 10.0 (commit 2a9e214, Dec 2023)  c = lround(x * R), halves
       away from zero, x * R in double: 0.5 * 3 = 1.5 -> 2, 0.1 * 3 -> 0,
       0.7 * 45 = 31.499999999999996 -> 31 (level_rule='trec_eval10').
       Checked once against a trec_eval 10.0 binary built from that source
       (1458 generated queries, 439 where the two rules differ); the test
       suite checks it by hand only.
 * gm_map: the per-query value trec_eval stores (and pytrec_eval reports) is
   ln(max(AP, MIN_GEO_MEAN)) with MIN_GEO_MEAN = .00001 (trec_eval.h); the
   summary is exp(mean of those).
"""

import math

SCALES = ("binary", "graded", "detail")

# trec_eval.h: #define MIN_GEO_MEAN .00001
MIN_GEO_MEAN = 0.00001

# m_iprec_at_recall.c / m_11pt_avg.c: double_cutoff_array (the same doubles
# as these Python literals).
RECALL_LEVELS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)

NEGATIVE_READINGS = ("unjudged", "zero", "reject")


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _rows(ranked):
    """Rows of `ranked` as (rank, doc_id) sorted by rank; ranks validated.

    Rule: rank is a whole number >= 1 and unique within the list.
    """
    rows = []
    seen = set()
    for doc_id, rank in ranked:
        if not _is_int(rank) or rank < 1:
            raise ValueError("rank must be a whole number >= 1: %r" % (rank,))
        if rank in seen:
            raise ValueError("duplicate rank %r" % (rank,))
        seen.add(rank)
        rows.append((rank, doc_id))
    rows.sort()
    return rows


def _is_relevant(value, threshold):
    """Rule: relevant iff value is not None and value >= threshold."""
    return value is not None and value >= threshold


def _n_graded(labels):
    """Number of docs of the pool with a value (not None)."""
    count = 0
    for value in labels.values():
        if value is not None:
            count += 1
    return count


def _lround(value):
    """C's lround for a value >= 0: nearest integer, halves away from zero.

    value - floor(value) is exact for doubles of this size, so the
    comparison with 0.5 is exact.
    """
    whole = math.floor(value)
    if value - whole >= 0.5:
        return int(whole) + 1
    return int(whole)


# ---------------------------------------------------------------------------
# ranking
# ---------------------------------------------------------------------------


def rank_by_score(rows):
    """Add `rank` to rows {run_id, query_id, doc_id, score} by trec_eval's rule.

    Rule (form_res_rels.c, comp_sim_docno): per (run_id, query_id), sort by
    score descending, ties broken by doc_id DEScending comparing the ids as
    byte strings (strcmp(p2->docno, p1->docno); UTF-8 bytes, which is also
    code-point order); rank = 1-based position.  A doc id twice in one
    (run_id, query_id) raises ValueError (trec_eval: "duplicate docs").
    Returns new dicts (the input's keys plus rank) in the input order.
    """
    groups = {}
    for index, row in enumerate(rows):
        score = row["score"]
        if not _is_number(score) or score != score:
            raise ValueError("score must be a number: %r" % (score,))
        key = (row["run_id"], row["query_id"])
        groups.setdefault(key, []).append((score, row["doc_id"].encode("utf-8"), index))

    ranks = {}
    for key, items in groups.items():
        doc_ids = set()
        for _score, doc_bytes, _index in items:
            if doc_bytes in doc_ids:
                raise ValueError("duplicate doc %r in %r" % (doc_bytes, key))
            doc_ids.add(doc_bytes)
        # Both keys descending: score desc, then doc id bytes desc.
        ordered = sorted(items, key=lambda item: (item[0], item[1]), reverse=True)
        position = 0
        for _score, _doc_bytes, index in ordered:
            position += 1
            ranks[index] = position

    out = []
    for index, row in enumerate(rows):
        new_row = dict(row)
        new_row["rank"] = ranks[index]
        out.append(new_row)
    return out


# ---------------------------------------------------------------------------
# counts
# ---------------------------------------------------------------------------


def n_relevant(labels, threshold=1):
    """trec_eval num_rel: relevant docs in the pool (value >= threshold). Never None."""
    count = 0
    for value in labels.values():
        if _is_relevant(value, threshold):
            count += 1
    return count


def n_judged_nonrelevant(labels, threshold=1):
    """Judged non-relevant docs in the pool (value not None and < threshold)."""
    count = 0
    for value in labels.values():
        if value is not None and value < threshold:
            count += 1
    return count


def n_retrieved(ranked):
    """trec_eval num_ret: rows in the list. Never None."""
    return len(_rows(ranked))


def n_relevant_retrieved(ranked, labels, threshold=1):
    """trec_eval num_rel_ret: rows of the whole list whose doc is relevant. Never None."""
    count = 0
    for _rank, doc_id in _rows(ranked):
        if _is_relevant(labels.get(doc_id), threshold):
            count += 1
    return count


# ---------------------------------------------------------------------------
# set / rank measures
# ---------------------------------------------------------------------------


def r_precision(ranked, labels, threshold=1):
    """trec_eval Rprec (m_Rprec.c).

    Rule: R = relevant docs in the pool; value = (relevant rows with
    rank <= R) / R.  None when R = 0 (trec_eval: 0).
    """
    total_relevant = n_relevant(labels, threshold)
    if total_relevant == 0:
        return None
    count = 0
    for rank, doc_id in _rows(ranked):
        if rank <= total_relevant and _is_relevant(labels.get(doc_id), threshold):
            count += 1
    return count / total_relevant


def bpref(ranked, labels, threshold=1):
    """trec_eval bpref (m_bpref.c; Buckley & Voorhees 2004).

    Rule: R = relevant docs in the pool, N = judged non-relevant docs in the
    pool.  Walk the whole list in rank order; skip docs that are not graded
    (value None, or not in labels); a judged non-relevant doc increments n;
    a relevant doc adds
        1 - min(n, R) / min(N, R)   when n > 0,
        1                           when n = 0 (so always when N = 0);
    value = sum / R.  None when R = 0 (trec_eval: 0).
    """
    total_relevant = n_relevant(labels, threshold)
    if total_relevant == 0:
        return None
    total_nonrelevant = n_judged_nonrelevant(labels, threshold)
    nonrelevant_so_far = 0
    total = 0.0
    for _rank, doc_id in _rows(ranked):
        value = labels.get(doc_id)
        if value is None:
            continue  # not in the pool, or in the pool but unjudged
        if value < threshold:
            nonrelevant_so_far += 1
        elif nonrelevant_so_far > 0:
            total += 1.0 - min(nonrelevant_so_far, total_relevant) / min(total_nonrelevant, total_relevant)
        else:
            total += 1.0
    return total / total_relevant


def success(ranked, labels, k, threshold=1):
    """trec_eval success_k (m_success.c).

    Rule: 1.0 if some row with rank <= k is relevant, else 0.0.  None when
    no doc of the pool is graded (empty pool or every value None).
    """
    if not _is_int(k) or k < 1:
        raise ValueError("k must be a whole number >= 1: %r" % (k,))
    rows = _rows(ranked)
    if _n_graded(labels) == 0:
        return None
    for rank, doc_id in rows:
        if rank <= k and _is_relevant(labels.get(doc_id), threshold):
            return 1.0
    return 0.0


def average_precision_whole_list(ranked, labels, threshold=1):
    """trec_eval map per query (m_map.c).

    Rule: sum over the relevant rows of (relevant rows with rank <= its
    rank) / its rank, divided by R = relevant docs in the pool.  None when
    R = 0 (trec_eval: 0).
    """
    total_relevant = n_relevant(labels, threshold)
    if total_relevant == 0:
        return None
    relevant_so_far = 0
    total = 0.0
    for rank, doc_id in _rows(ranked):
        if _is_relevant(labels.get(doc_id), threshold):
            relevant_so_far += 1
            total += relevant_so_far / rank
    return total / total_relevant


def geometric_mean(values):
    """trec_eval gm_map summary (m_gm_map.c, meas_avg.c te_calc_avg_meas_s_gm).

    Rule: exp(mean(ln(max(v, MIN_GEO_MEAN)))) over the values that are not
    None, MIN_GEO_MEAN = 0.00001.  None when there are none.  (trec_eval
    would count a query with R = 0 as ln(0.00001); we skip its None.)
    """
    total = 0.0
    count = 0
    for value in values:
        if value is None:
            continue
        total += math.log(max(value, MIN_GEO_MEAN))
        count += 1
    if count == 0:
        return None
    return math.exp(total / count)


LEVEL_RULES = ("trec_eval9", "trec_eval10")


def relevant_count_for_level(level, total_relevant, level_rule="trec_eval9"):
    """The number of relevant docs c that a recall level x stands for.

    Rule (m_iprec_at_recall.c, m_11pt_avg.c), x * R in double precision:
      'trec_eval9'  (9.0.x, pytrec_eval-terrier 0.5.11): c = trunc(x * R + 0.9)
      'trec_eval10' (10.0):                               c = lround(x * R)
    """
    if level_rule == "trec_eval9":
        return int(level * total_relevant + 0.9)
    if level_rule == "trec_eval10":
        return _lround(level * total_relevant)
    raise ValueError("unknown level_rule: %r" % (level_rule,))


def interpolated_precision(ranked, labels, threshold=1, level_rule="trec_eval9"):
    """trec_eval iprec_at_recall (m_iprec_at_recall.c) at the 11 levels.

    Rule: R = relevant docs in the pool.  precision(row) = (relevant rows
    with rank <= row's rank) / row's rank.  For each level x in
    RECALL_LEVELS (keys 0.0, 0.1, ..., 1.0):
        c = relevant_count_for_level(x, R, level_rule);
        c > relevant rows in the list -> 0.0;
        c = 0 -> max precision over all rows (0.0 when the list is empty);
        else  -> max precision over the rows with rank >= the rank of the
                 c-th relevant row (the rows whose recall is >= c / R).
    Every level None when R = 0 (trec_eval: 0).
    """
    if level_rule not in LEVEL_RULES:
        raise ValueError("unknown level_rule: %r" % (level_rule,))
    total_relevant = n_relevant(labels, threshold)
    out = {}
    if total_relevant == 0:
        for level in RECALL_LEVELS:
            out[level] = None
        return out

    # Precision at every row, and the index of each relevant row.
    precisions = []
    relevant_indexes = []
    relevant_so_far = 0
    for rank, doc_id in _rows(ranked):
        if _is_relevant(labels.get(doc_id), threshold):
            relevant_so_far += 1
            relevant_indexes.append(len(precisions))
        precisions.append(relevant_so_far / rank)

    for level in RECALL_LEVELS:
        needed = relevant_count_for_level(level, total_relevant, level_rule)
        if needed > len(relevant_indexes):
            out[level] = 0.0
            continue
        start = 0 if needed == 0 else relevant_indexes[needed - 1]
        best = 0.0
        for index in range(start, len(precisions)):
            if precisions[index] > best:
                best = precisions[index]
        out[level] = best
    return out


def average_precision_11pt(ranked, labels, threshold=1, level_rule="trec_eval9"):
    """trec_eval 11pt_avg (m_11pt_avg.c).

    Rule: mean of the 11 interpolated_precision values (same level_rule).
    None when R = 0 (trec_eval: 0).
    """
    levels = interpolated_precision(ranked, labels, threshold, level_rule)
    total = 0.0
    for level in RECALL_LEVELS:
        if levels[level] is None:
            return None
        total += levels[level]
    return total / len(RECALL_LEVELS)


# ---------------------------------------------------------------------------
# rank-biased precision
# ---------------------------------------------------------------------------


def rbp(ranked, labels, p, max_grade, scale="graded", threshold=None):
    """Rank-biased precision (Moffat & Zobel 2008).

    Rule: (1 - p) * sum over the rows of gain * p^(rank - 1), where
      * threshold None: gain = value / max_grade (the scale's maximum,
        not the query's), 0 for a doc without a value;
      * threshold given (binary reading): gain = 1 if relevant else 0.
    `scale` names the scale the values are on (binary/graded/detail); the
    rule is the same on each.  None when no doc of the pool is graded.
    A value outside 0..max_grade raises ValueError (a gain above 1 would
    break the residual bound).
    ir_measures' graded RBP (trectools) = max_grade * this value: it uses the
    raw grade as the gain (see the module docstring).
    """
    if scale not in SCALES:
        raise ValueError("unknown scale: %r" % (scale,))
    if not _is_number(p) or not 0 < p < 1:
        raise ValueError("p must be in (0, 1): %r" % (p,))
    if not _is_number(max_grade) or max_grade <= 0:
        raise ValueError("max_grade must be > 0: %r" % (max_grade,))
    rows = _rows(ranked)
    if _n_graded(labels) == 0:
        return None
    total = 0.0
    for rank, doc_id in rows:
        value = labels.get(doc_id)
        if value is None:
            continue  # gain 0
        if value < 0 or value > max_grade:
            raise ValueError("value %r outside 0..%r" % (value, max_grade))
        if threshold is None:
            gain = value / max_grade
        elif value >= threshold:
            gain = 1.0
        else:
            gain = 0.0
        total += gain * p ** (rank - 1)
    return (1 - p) * total


def rbp_residual(ranked, labels, p):
    """RBP residual (Moffat & Zobel 2008): the weight unjudged ranks could add.

    Rule: n = the largest rank in the list (0 for an empty list);
        (1 - p) * sum of p^(i - 1) over every i in 1..n that holds no graded
        doc (an unjudged doc, a doc not in the pool, or a gap in the ranks)
        + p^n  (the tail after the list).
    Equivalently 1 - (1 - p) * sum over the graded rows of p^(rank - 1).
    None when no doc of the pool is graded.
    """
    if not _is_number(p) or not 0 < p < 1:
        raise ValueError("p must be in (0, 1): %r" % (p,))
    rows = _rows(ranked)
    if _n_graded(labels) == 0:
        return None
    graded_ranks = set()
    last_rank = 0
    for rank, doc_id in rows:
        if labels.get(doc_id) is not None:
            graded_ranks.add(rank)
        last_rank = rank
    total = 0.0
    for i in range(1, last_rank + 1):
        if i not in graded_ranks:
            total += p ** (i - 1)
    return (1 - p) * total + p ** last_rank


# ---------------------------------------------------------------------------
# condensed lists and nDCG
# ---------------------------------------------------------------------------


def condensed(ranked, labels):
    """Condensed list (Sakai 2007; ir_measures judged_only).

    Rule: drop the rows whose doc is not graded (value None or not in
    labels); renumber the rest 1..m in rank order.  Returns [(doc_id, rank)].
    """
    out = []
    position = 0
    for _rank, doc_id in _rows(ranked):
        if labels.get(doc_id) is None:
            continue
        position += 1
        out.append((doc_id, position))
    return out


def _dcg_of_sorted_gains(gains):
    """sum of gain_j / log2(j + 1) over positions j = 1, 2, ..."""
    total = 0.0
    position = 0
    for gain in gains:
        position += 1
        total += gain / math.log2(position + 1)
    return total


def _pool_gains_descending(labels):
    gains = []
    for value in labels.values():
        gains.append(0 if value is None else value)
    gains.sort(reverse=True)
    return gains


def ndcg_pool(ranked, labels, k):
    """trec_eval ndcg_cut_k (m_ndcg_cut.c).

    Rule: dcg = sum over rows with rank <= k of value / log2(rank + 1)
    (gain 0 for a doc without a value); ideal = the best k values of the
    whole pool (None counting 0) at positions 1..k; value = dcg / ideal, 0.0
    when ideal = 0.  None when no doc of the pool is graded.
    """
    if not _is_int(k) or k < 1:
        raise ValueError("k must be a whole number >= 1: %r" % (k,))
    rows = _rows(ranked)
    if _n_graded(labels) == 0:
        return None
    dcg = 0.0
    for rank, doc_id in rows:
        value = labels.get(doc_id)
        if rank <= k and value is not None:
            dcg += value / math.log2(rank + 1)
    ideal = _dcg_of_sorted_gains(_pool_gains_descending(labels)[:k])
    if ideal == 0:
        return 0.0
    return dcg / ideal


def ndcg_whole_list(ranked, labels):
    """trec_eval ndcg (m_ndcg.c, default gains = the grade).

    Rule: dcg over the whole list (value / log2(rank + 1), gain 0 without a
    value) / ideal over the whole pool (every value sorted descending at
    positions 1..|pool|); 0.0 when ideal = 0.  None when no doc of the pool
    is graded.
    """
    rows = _rows(ranked)
    if _n_graded(labels) == 0:
        return None
    dcg = 0.0
    for rank, doc_id in rows:
        value = labels.get(doc_id)
        if value is not None:
            dcg += value / math.log2(rank + 1)
    ideal = _dcg_of_sorted_gains(_pool_gains_descending(labels))
    if ideal == 0:
        return 0.0
    return dcg / ideal


# ---------------------------------------------------------------------------
# grades
# ---------------------------------------------------------------------------


def grade_under_negative_reading(grade, reading):
    """Read a (possibly negative) qrels grade.

    Rule: a grade >= 0 (or None) passes through unchanged; a negative grade
    becomes
      * 'unjudged' -> None: in the pool, not graded (trec_eval's reading:
        form_res_rels.c gives qrels value < 0 RELVALUE_UNJUDGED);
      * 'zero'     -> 0: judged non-relevant, gain 0 (TREC Web track junk);
      * 'reject'   -> ValueError.
    An unknown reading raises ValueError.
    """
    if reading not in NEGATIVE_READINGS:
        raise ValueError("unknown reading of negative grades: %r" % (reading,))
    if grade is None or grade >= 0:
        return grade
    if reading == "unjudged":
        return None
    if reading == "zero":
        return 0
    raise ValueError("negative grade %r rejected" % (grade,))


def default_transformers(max_grade, relevance_level=1):
    """Default grade transformers for a graded scale 0..max_grade.

    Rules (exact integer arithmetic):
      graded_to_binary {g: 1 if g >= relevance_level else 0}, g = 0..max_grade
      binary_to_graded {0: 0, 1: max_grade}
      graded_to_detail {g: 1 + floor(9 g / max_grade + 1/2)}
                       = 1 + (18 g + max_grade) // (2 max_grade)
      detail_to_graded {d: ceil((d - 1) max_grade / 9)}, d = 1..10
                       = -(-(d - 1) max_grade // 9)
      detail_to_binary {1: 0, 2..10: 1}
      binary_to_detail {0: 1, 1: 10}
    max_grade must be a whole number >= 1 and relevance_level a whole number
    in 1..max_grade (ValueError otherwise).
    """
    if not _is_int(max_grade) or max_grade < 1:
        raise ValueError("max_grade must be a whole number >= 1: %r" % (max_grade,))
    if not _is_int(relevance_level) or not 1 <= relevance_level <= max_grade:
        raise ValueError("relevance_level must be a whole number in 1..%d: %r" % (max_grade, relevance_level))
    graded_to_binary = {}
    graded_to_detail = {}
    for g in range(0, max_grade + 1):
        graded_to_binary[g] = 1 if g >= relevance_level else 0
        graded_to_detail[g] = 1 + (18 * g + max_grade) // (2 * max_grade)
    detail_to_graded = {}
    detail_to_binary = {}
    for d in range(1, 11):
        detail_to_graded[d] = -((-(d - 1) * max_grade) // 9)
        detail_to_binary[d] = 0 if d == 1 else 1
    return {
        "graded_to_binary": graded_to_binary,
        "detail_to_binary": detail_to_binary,
        "detail_to_graded": detail_to_graded,
        "graded_to_detail": graded_to_detail,
        "binary_to_graded": {0: 0, 1: max_grade},
        "binary_to_detail": {0: 1, 1: 10},
    }


# ---------------------------------------------------------------------------
# the rest of trec_eval's all_trec measures (trec_eval 10.0 m_set_P.c,
# m_set_recall.c, m_set_F.c, m_set_map.c, m_set_rel_P.c, m_rel_P.c,
# m_Rprec_mult.c, m_utility.c, m_num_nonrel_judged_ret.c, m_ndcg_rel.c,
# m_Rndcg.c, m_G.c, m_binG.c, m_unjudged.c; gain_init.c for the gains; the
# same in 9.0.8 except unj, which 9 lacks).  Positions are ranks (gaps
# allowed), as everywhere in this module; n = the rows of the list.
# ---------------------------------------------------------------------------


def _relevant_retrieved_and_retrieved(ranked, labels, threshold):
    rows = _rows(ranked)
    relevant = 0
    for _rank, doc_id in rows:
        if _is_relevant(labels.get(doc_id), threshold):
            relevant += 1
    return relevant, len(rows)


def set_precision(ranked, labels, threshold=1):
    """trec_eval set_P (m_set_P.c): num_rel_ret / num_ret.

    None when no doc of the pool is graded (as success, ndcg_pool; trec_eval:
    0) or the list is empty.
    """
    rr, n = _relevant_retrieved_and_retrieved(ranked, labels, threshold)
    if _n_graded(labels) == 0 or n == 0:
        return None
    return rr / n


def set_recall(ranked, labels, threshold=1):
    """trec_eval set_recall (m_set_recall.c): num_rel_ret / num_rel.  None when R = 0."""
    rr, _n = _relevant_retrieved_and_retrieved(ranked, labels, threshold)
    total_relevant = n_relevant(labels, threshold)
    if total_relevant == 0:
        return None
    return rr / total_relevant


def set_f(ranked, labels, threshold=1, beta=1.0):
    """trec_eval set_F (m_set_F.c): x = beta (not squared),
    (x + 1) P R / (x P + R), P = rr / n, R = rr / num_rel; 0 when rr = 0.
    None when num_rel = 0 (trec_eval: 0, since rr = 0 there).
    """
    rr, n = _relevant_retrieved_and_retrieved(ranked, labels, threshold)
    total_relevant = n_relevant(labels, threshold)
    if total_relevant == 0:
        return None
    if rr == 0:
        return 0.0
    p = rr / n
    r = rr / total_relevant
    return (beta + 1.0) * p * r / (beta * p + r)


def set_average_precision(ranked, labels, threshold=1):
    """trec_eval set_map (m_set_map.c): rr^2 / (n num_rel).  None when num_rel = 0 or n = 0."""
    rr, n = _relevant_retrieved_and_retrieved(ranked, labels, threshold)
    total_relevant = n_relevant(labels, threshold)
    if total_relevant == 0 or n == 0:
        return None
    return (rr * rr) / (n * total_relevant)


def set_relative_precision(ranked, labels, threshold=1):
    """trec_eval set_relative_P (m_set_rel_P.c): rr / min(n, num_rel).  None when num_rel = 0 or n = 0."""
    rr, n = _relevant_retrieved_and_retrieved(ranked, labels, threshold)
    total_relevant = n_relevant(labels, threshold)
    if total_relevant == 0 or n == 0:
        return None
    return rr / min(n, total_relevant)


def relative_precision(ranked, labels, k, threshold=1):
    """trec_eval relative_P_k (m_rel_P.c): (relevant rows with rank <= k) / min(k, num_rel).

    None when num_rel = 0 (trec_eval: 0).
    """
    total_relevant = n_relevant(labels, threshold)
    if total_relevant == 0:
        return None
    hits = 0
    for rank, doc_id in _rows(ranked):
        if rank <= k and _is_relevant(labels.get(doc_id), threshold):
            hits += 1
    return hits / min(k, total_relevant)


def r_precision_multiple(ranked, labels, multiple, threshold=1):
    """trec_eval Rprec_mult_x (m_Rprec_mult.c, the same in 9 and 10).

    Rule: c = (long)(x * num_rel + 0.9) in double precision; value =
    (relevant rows with rank <= c) / c; 0 when c = 0 (trec_eval never reaches
    position 0).  None when num_rel = 0 (trec_eval: 0).
    """
    total_relevant = n_relevant(labels, threshold)
    if total_relevant == 0:
        return None
    c = math.floor(multiple * total_relevant + 0.9)
    if c == 0:
        return 0.0
    hits = 0
    for rank, doc_id in _rows(ranked):
        if rank <= c and _is_relevant(labels.get(doc_id), threshold):
            hits += 1
    return hits / c


def utility(ranked, labels, a=1.0, b=-1.0, c=0.0, d=0.0, collection_size=None, threshold=1):
    """trec_eval utility (m_utility.c): a rr + b (n - rr) + c (R - rr) + d (N + rr - n - R),
    N = collection_size (trec_eval -N), read only when d != 0.  Never None."""
    rr, n = _relevant_retrieved_and_retrieved(ranked, labels, threshold)
    total_relevant = n_relevant(labels, threshold)
    value = a * rr + b * (n - rr) + c * (total_relevant - rr)
    if d != 0:
        if collection_size is None:
            raise ValueError("utility with d != 0 needs collection_size")
        value += d * (collection_size + rr - n - total_relevant)
    return value


def n_nonrelevant_retrieved(ranked, labels, threshold=1):
    """trec_eval num_nonrel_judged_ret (m_num_nonrel_judged_ret.c): rows of the
    list whose doc is graded and not relevant (unjudged and non-pool docs are
    not counted).  Never None."""
    count = 0
    for _rank, doc_id in _rows(ranked):
        value = labels.get(doc_id)
        if value is not None and value < threshold:
            count += 1
    return count


def _gain(value, gain="linear"):
    """The gain of a doc: 0 when it has no value; the value (trec_eval's
    default gain = the relevance level, gain_init.c) or 2^value - 1."""
    if value is None:
        return 0.0
    return float(value) if gain == "linear" else 2.0 ** value - 1.0


def _ideal_positive_gains(labels, gain="linear"):
    gains = [_gain(v, gain) for v in labels.values()]
    return sorted([g for g in gains if g > 0], reverse=True)


def _dcg_to(rows, labels, position, gain):
    total = 0.0
    for rank, doc_id in rows:
        if rank <= position:
            g = _gain(labels.get(doc_id), gain)
            if g > 0:
                total += g / math.log2(rank + 1)
    return total


def ndcg_rel(ranked, labels, gain="linear"):
    """trec_eval ndcg_rel (m_ndcg_rel.c).

    Rule: R+ = docs of the pool with a positive gain; for each row with a
    positive gain at rank i: DCG@i / IDCG@min(i, R+); for each doc of R+ the
    list lacks: DCG(whole list) / IDCG(all R+); value = sum / R+.  None when
    R+ = 0 (trec_eval: 0).
    """
    rows = _rows(ranked)
    ideal = _ideal_positive_gains(labels, gain)
    if not ideal:
        return None
    total = 0.0
    retrieved = 0
    for rank, doc_id in rows:
        if _gain(labels.get(doc_id), gain) > 0:
            retrieved += 1
            total += _dcg_to(rows, labels, rank, gain) / _dcg_of_sorted_gains(ideal[:rank])
    last = rows[-1][0] if rows else 0
    total += (len(ideal) - retrieved) * _dcg_to(rows, labels, last, gain) / _dcg_of_sorted_gains(ideal)
    return total / len(ideal)


def rndcg(ranked, labels, gain="linear", threshold=1, relevance_labels=None):
    """trec_eval Rndcg (m_Rndcg.c).

    Rule: the R levels b = the cumulative counts of the pool's docs at each
    positive gain, from the highest down (the last is R+), plus n (the rows
    of the list) when n >= R+ + 2 (trec_eval's loop adds its implied level
    change at num_retrieved only when a row is left after the position past
    R+); value = mean over b of DCG@b / IDCG@min(b, R+).  None when the pool
    has no relevant doc (relevance_labels, default labels, >= threshold:
    trec_eval returns 0 when num_rel = 0) or no positive gain.
    """
    rows = _rows(ranked)
    if n_relevant(labels if relevance_labels is None else relevance_labels, threshold) == 0:
        return None
    ideal = _ideal_positive_gains(labels, gain)
    if not ideal:
        return None
    levels = [p for p in range(1, len(ideal) + 1) if p == len(ideal) or ideal[p] != ideal[p - 1]]
    ratios = [_dcg_to(rows, labels, b, gain) / _dcg_of_sorted_gains(ideal[:b]) for b in levels]
    if len(rows) >= len(ideal) + 2:
        last = rows[-1][0]
        ratios.append(_dcg_to(rows, labels, last, gain) / _dcg_of_sorted_gains(ideal))
    return sum(ratios) / len(ratios)


def g_measure(ranked, labels, gain="linear"):
    """trec_eval G (m_G.c).

    Rule: ideal gains = the pool's positive gains sorted descending, 0 beyond;
    cost(i) = sum over positions 1..i of max(ideal gain, 1); S(i) = gains of
    the rows with rank <= i; each row with a positive gain g at rank i adds
    g / log2(2 + cost(i) - S(i)); value = sum / (sum of the ideal gains).
    None when the pool has no positive gain (trec_eval: 0).
    """
    rows = _rows(ranked)
    ideal = _ideal_positive_gains(labels, gain)
    if not ideal:
        return None
    total = 0.0
    so_far = 0.0
    for rank, doc_id in rows:
        g = _gain(labels.get(doc_id), gain)
        if g <= 0:
            continue
        so_far += g
        cost = 0.0
        for position in range(1, rank + 1):
            cost += max(ideal[position - 1], 1.0) if position <= len(ideal) else 1.0
        total += g / math.log2(2 + cost - so_far)
    return total / sum(ideal)


def bin_g(ranked, labels, threshold=1):
    """trec_eval binG (m_binG.c).

    Rule: the j-th relevant row (rank i, in rank order) adds
    1 / log2(2 + i - j) (i - j = rows above it that are not relevant);
    value = sum / num_rel.  None when num_rel = 0 (trec_eval: 0).
    """
    total_relevant = n_relevant(labels, threshold)
    if total_relevant == 0:
        return None
    total = 0.0
    hits = 0
    for rank, doc_id in _rows(ranked):
        if _is_relevant(labels.get(doc_id), threshold):
            hits += 1
            total += 1.0 / math.log2(2 + rank - hits)
    return total / total_relevant


def unjudged(ranked, labels, k):
    """trec_eval 10 unj_k (m_unjudged.c; not in trec_eval 9 / pytrec_eval).

    Rule: (rows with rank <= k whose doc has no value: outside the pool, or
    in it but unjudged) / k; ranks beyond the list count as judged.  Never
    None.
    """
    count = 0
    for rank, doc_id in _rows(ranked):
        if rank <= k and labels.get(doc_id) is None:
            count += 1
    return count / k
