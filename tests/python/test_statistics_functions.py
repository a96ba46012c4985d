"""The distribution macros of macros/statistics/ against scipy, on DuckDB and PostgreSQL.

- student_t_tail: the two-sided p-value with a real df, 2 * (1 - scipy.stats.t.cdf(|t|, df)) (Welch's p as gbstats
  computes it), |delta| <= 1e-12 on a grid of df in [0.05, 1e8] (1.3, 2.7, 57.5, 12345.6, 3e6 among them) and
  |t| in [0, 1e6], both sides of the switch at |t| = sqrt(df); relative error <= 1e-11 where p > 1e-250 (against
  scipy.stats.t.sf); the closed forms of df = 1 and df = 2 by hand at tiny t (where scipy's df = 1 is off by 3e-9).
- student_t_quantile: scipy.stats.t.ppf to 1e-12 relative (the target is 1e-10) at probabilities 0.55, 0.975 and
  0.9995, df in [0.1, 1e8].
- chi_square_p_value: scipy.stats.chi2.sf to 1e-12 for whole df 1 .. 1000; df = 2 and df = 4 by hand.
- studentized_range_p_value (Tukey's HSD): scipy.stats.studentized_range.sf to 1e-9 on a grid of k 2 .. 20,
  df 2 .. 10000, q 0.1 .. 8 (measured ~3e-13; at df = 1 it is 2e-8 off: not claimed); k = 2 by hand from df 2, where Q = sqrt(2) |T| and P(Q >= q) =
  2 * scipy.stats.t.sf(q / sqrt(2), df), to 1e-12 from df 2 up to df = 1e6 (scipy's studentized_range itself is 2e-5 off at
  df = 1e5, where it switches to its df = infinity form). normal_cdf against scipy.special.ndtr to 1e-15.
- The helpers: gauss_legendre_nodes against numpy's leggauss (and exact for degree 31 on a panel), log_one_plus
  against math.log1p, log_gamma_half_ratio against scipy.special.gammaln.
- Null rules: a null t / statistic, or a df the macro does not take, gives a row with a null value.
- PostgreSQL gives DuckDB's numbers (|delta| <= 1e-13 relative); the DuckDB SQL passes the sqlglot portability
  gate as Databricks (Spark) reads it (test_portability.gate_failures).

One `dbt compile --inline` per engine renders every macro call (split at a marker), and each query runs once; the
grids are small tables of the engine.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import special, stats

SCHEMA = "statistics_functions"
MARK = "-- next query --"
QUANTILE_PROBABILITIES = (0.55, 0.975, 0.9995)
ENGINE_PARAMS = ["duckdb", pytest.param("postgres", marks=pytest.mark.postgres)]

_rng = np.random.default_rng(20261127)

# (t, df): fractional df, both sides of sqrt(df), huge and tiny t, negative t
T_DFS = [1, 1.3, 2, 2.7, 3, 4.5, 10, 57.5, 100, 233, 1000, 12345.6, 3e6, 1e8]
T_SMALL_DFS = [0.05, 0.1, 0.3, 0.5, 0.9]
T_VALUES = [0, 1e-4, 0.01, 0.3, 1, 1.5, 1.96, 2.5, 3, 5, 7.5, 10, 12, 13, 14, 20, 40, 100, 1e3, 1e4, 1e6, -2.5]
T_ROWS = [(t, df) for df in T_DFS + T_SMALL_DFS
          for t in T_VALUES + [math.sqrt(df), math.sqrt(df) * (1 - 1e-12), math.sqrt(df) * (1 + 1e-12)]]
T_ROWS += [(float(10 ** _rng.uniform(-3, 6) if k == 0 else math.sqrt(df) * _rng.uniform(0.5, 2) if k == 1
                  else _rng.uniform(0, 30)), float(df))
           for k, df in zip(_rng.integers(0, 3, 300), 10 ** _rng.uniform(0, 8, 300))]
# by hand: df = 1 (Cauchy) p = 1 - 2 atan(t) / pi, df = 2 p = 1 - t / sqrt(2 + t^2)
T_HAND = [(t, df) for df in (1, 2) for t in (1e-12, 1e-8, 1e-6, 1e-3, 0.5, 3.0, 1e3)]
# rows whose p is null: null t, df 0, null df, negative df
T_NULL = [(None, 5.0), (1.0, 0.0), (1.0, None), (2.0, -1.0)]

Q_DFS = [0.1, 0.3, 0.5, 1, 1.3, 2, 2.7, 3, 4.5, 10, 57.5, 100, 1000, 12345.6, 3e6, 1e8]
Q_DFS += [float(df) for df in 10 ** _rng.uniform(0, 8, 40)]
Q_NULL = [None, 0.0, -1.0]

C_DFS = [1, 2, 3, 4, 5, 10, 31, 32, 33, 34, 99, 100, 501, 999, 1000]
C_X = [0, 1e-10, 0.01, 0.5, 1, 3.841458820694124, 10, 30, 100, 500, 1000, 1500, 5000, 1e6]
C_ROWS = [(x, df) for df in C_DFS for x in C_X]
C_ROWS += [(max(0.0, float(df + _rng.normal() * 4 * math.sqrt(2 * df))), int(df)) for df in _rng.integers(1, 1001, 120)]
# by hand: df = 2 p = exp(-x/2), df = 4 p = exp(-x/2) (1 + x/2)
C_HAND = [(x, df) for df in (2, 4) for x in (0.1, 2.0, 7.5, 40.0)]
# rows whose p is null: null statistic, df 0, null df, negative statistic, df above max_df, df not whole
C_NULL = [(None, 3.0), (1.0, 0.0), (1.0, None), (-1.0, 3.0), (2.0, 1001.0), (2.0, 2.5)]

R_KS = [2, 3, 10, 20]
R_DFS = [2, 5, 100, 10000]
R_QS = [0.1, 1, 3, 5, 8]
R_ROWS = [(q, k, df) for k in R_KS for df in R_DFS for q in R_QS] + [(0.0, 4, 9)]
# by hand: k = 2, Q = sqrt(2) |T|
R_HAND = [(q, 2, df) for df in (2, 5.5, 40, 1e5, 1e6) for q in (0.2, 1.0, 3.0, 6.0)]
# rows whose p is null: null q, negative q, k 1, k not whole, df 0, null df
R_NULL = [(None, 3, 10), (-1.0, 3, 10), (1.0, 1, 10), (1.0, 2.5, 10), (1.0, 3, 0), (1.0, 3, None)]
PHI_X = [float(x) for x in np.concatenate([_rng.uniform(-9, 9, 200), [0.0, -8.3, 8.3, -8.29, 8.29, -20.0, 1e-9]])]

LOG_Y = [float(y) for y in np.concatenate([10 ** _rng.uniform(-18, 0, 200), -(10 ** _rng.uniform(-18, -0.31, 200)),
                                           [0.0, 1.0, -0.5, 1e-300, -1e-300]])]
# scipy's gammaln difference is good to ~5e-14 up to a = 100 (at 1000 it is off by 7e-13, at 5e7 in the second digit);
# beyond, the recurrence f(a + 1) - f(a) = ln((a + 1/2) / a) - ln((a + 1) / a) / 2 of f = ln(Gamma(a + 1/2) /
# (Gamma(a) sqrt(a))) checks the asymptotic series
GAMMA_A = [float(a) for a in np.concatenate([[0.025, 0.05, 0.5, 1, 1.5, 11.99, 12, 12.01, 100],
                                             10 ** _rng.uniform(-1.6, 2, 40)])]
GAMMA_PAIRS = [11.5, 12, 50.25, 1000, 123456.5, 5e7, 1e14]
GAMMA_A += [a + step for a in GAMMA_PAIRS for step in (0, 1)]
# tolerant_sign(left, right) by hand: 0 within 1e-12 * max(1, |left|, |right|); (5e-13 and the double below it: equal
# up to one unit in the last place, yet their keys at 12 decimals, floor(x * 1e12 + 0.5), are 1 and 0)
STRADDLE = math.nextafter(5e-13, 0.0)
SIGN_HAND = [(0.1 + 0.2, 0.3, 0), (0.3, 0.1 + 0.2, 0), (5e-13, STRADDLE, 0), (STRADDLE, 5e-13, 0), (1.0, 1.0, 0),
             (1.0 + 2e-12, 1.0, 1), (1.0, 1.0 + 2e-12, -1), (0.0, 5e-13, 0), (0.0, 2e-12, -1), (-2e-12, 0.0, -1),
             (1e6, 1e6 + 1e-7, 0), (1e6 + 1e-5, 1e6, 1), (-1e6, -1e6 - 1e-5, 1), (0.25, 0.75, -1), (None, 1.0, None),
             (1.0, None, None)]


def _inputs():
    """{table: (columns, rows)} of every grid, each row with an id."""
    t_rows = T_ROWS + T_HAND + T_NULL
    c_rows = C_ROWS + C_HAND + C_NULL
    q_dfs = Q_DFS + Q_NULL
    return {
        "stats_t_grid": ([("id", "int"), ("t", "double"), ("df", "double")],
                         [{"id": i, "t": t, "df": df} for i, (t, df) in enumerate(t_rows)]),
        "stats_q_grid": ([("id", "int"), ("df", "double")], [{"id": i, "df": df} for i, df in enumerate(q_dfs)]),
        "stats_c_grid": ([("id", "int"), ("x", "double"), ("df", "double")],
                         [{"id": i, "x": x, "df": df} for i, (x, df) in enumerate(c_rows)]),
        "stats_log_grid": ([("id", "int"), ("y", "double")], [{"id": i, "y": y} for i, y in enumerate(LOG_Y)]),
        "stats_r_grid": ([("id", "int"), ("q", "double"), ("k", "double"), ("df", "double")],
                         [{"id": i, "q": q, "k": k, "df": df} for i, (q, k, df) in enumerate(R_ROWS + R_HAND + R_NULL)]),
        "stats_phi_grid": ([("id", "int"), ("x", "double")], [{"id": i, "x": x} for i, x in enumerate(PHI_X)]),
        "stats_gamma_grid": ([("id", "int"), ("a", "double")], [{"id": i, "a": a} for i, a in enumerate(GAMMA_A)]),
        "stats_sign_grid": ([("id", "int"), ("a", "double"), ("b", "double")],
                            [{"id": i, "a": a, "b": b} for i, (a, b, _) in enumerate(SIGN_HAND)]),
    }


def _queries() -> dict[str, str]:
    """{name: Jinja of one query}, each a macro call over a grid of the input schema."""
    queries = {
        "tail": "select * from ({{ search_metrics.student_t_tail('harness_input.stats_t_grid', ['id'], 't', 'df') }})"
                " as q",
        "chi": "select * from ({{ search_metrics.chi_square_p_value('harness_input.stats_c_grid', ['id'], 'x', "
               "'df') }}) as q",
        "nodes": "select * from ({{ search_metrics.gauss_legendre_nodes() }}) as q",
        "log": "select id, {{ search_metrics.log_one_plus('y') }} as value from harness_input.stats_log_grid",
        "range": "select * from ({{ search_metrics.studentized_range_p_value('harness_input.stats_r_grid', ['id'], "
                 "'q', 'k', 'df') }}) as q",
        "phi": "select id, {{ search_metrics.normal_cdf('x') }} as value from harness_input.stats_phi_grid",
        "gamma": "select id, {{ search_metrics.log_gamma_half_ratio('a') }} as value "
                 "from harness_input.stats_gamma_grid",
        "sign": "select id, {{ search_metrics.tolerant_sign('a', 'b') }} as value from harness_input.stats_sign_grid",
    }
    for p in QUANTILE_PROBABILITIES:
        queries[f"quantile {p}"] = ("select * from ({{ search_metrics.student_t_quantile('harness_input.stats_q_grid', "
                                    f"['id'], 'df', {p}) }}}}) as q")
    return queries


_results: dict[str, dict] = {}


def results(request, engine_name: str) -> dict:
    """{'sql': {name: compiled SQL}, 'rows': {name: {id: value}}} for one engine, made once (one compile)."""
    if engine_name in _results:
        return _results[engine_name]
    engine = request.getfixturevalue(f"{engine_name}_engine")
    queries = _queries()
    compiled = engine.dbt(["compile", "--inline", f"\n{MARK}\n".join(queries.values())], SCHEMA, "statistics")
    assert compiled.success, compiled.exception
    parts = compiled.result.results[0].node.compiled_code.split(MARK)
    assert len(parts) == len(queries)
    sql = dict(zip(queries, parts))
    engine.reset_schema(SCHEMA)
    engine.use(SCHEMA)
    for name, (columns, rows) in _inputs().items():
        engine.load_table(name, columns, rows)
    out = {}
    for name, query in sql.items():
        relation = engine.relation(SCHEMA, "stats_" + name.replace(" ", "_").replace(".", "_"))
        engine.execute(f"create table {relation} as {query}")
        table = engine.fetch(relation)
        if name == "nodes":
            out[name] = sorted(table.rows)
        else:
            assert len(table.columns) == 2, (name, table.columns)
            out[name] = dict(table.rows)
    _results[engine_name] = {"sql": sql, "rows": out}
    return _results[engine_name]


def _worst(errors):
    return max(errors, key=lambda e: e[0])


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", ENGINE_PARAMS)
def test_student_t_tail_matches_scipy(request, engine_name):
    p = results(request, engine_name)["rows"]["tail"]
    n_rows = len(T_ROWS) + len(T_HAND) + len(T_NULL)
    assert sorted(p) == list(range(n_rows)), "one row per input row"
    errors = [(abs(p[i] - 2 * (1 - stats.t.cdf(abs(t), df))), t, df) for i, (t, df) in enumerate(T_ROWS)]
    assert _worst(errors)[0] <= 1e-12, _worst(errors)
    relative = [(abs(p[i] / (2 * stats.t.sf(abs(t), df)) - 1), t, df) for i, (t, df) in enumerate(T_ROWS)
                if 2 * stats.t.sf(abs(t), df) > 1e-250]
    assert _worst(relative)[0] <= 1e-11, _worst(relative)
    assert all(0 <= p[i] <= 1 for i in range(len(T_ROWS)))
    hand = [(abs(p[len(T_ROWS) + j] - (1 - 2 * math.atan(t) / math.pi if df == 1 else 1 - t / math.sqrt(2 + t * t))),
             t, df) for j, (t, df) in enumerate(T_HAND)]
    assert _worst(hand)[0] <= 1e-15, _worst(hand)
    assert [p[i] for i in range(len(T_ROWS) + len(T_HAND), n_rows)] == [None] * len(T_NULL)


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", ENGINE_PARAMS)
@pytest.mark.parametrize("probability", QUANTILE_PROBABILITIES)
def test_student_t_quantile_matches_scipy(request, engine_name, probability):
    q = results(request, engine_name)["rows"][f"quantile {probability}"]
    assert sorted(q) == list(range(len(Q_DFS) + len(Q_NULL)))
    # the target is 1e-10; 1e-12 (measured ~5e-15) also fails three Newton steps in place of Halley's (5e-12 at df 2)
    errors = [(abs(q[i] / stats.t.ppf(probability, df) - 1), df) for i, df in enumerate(Q_DFS)]
    assert _worst(errors)[0] <= 1e-12, _worst(errors)
    assert [q[len(Q_DFS) + j] for j in range(len(Q_NULL))] == [None] * len(Q_NULL)


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", ENGINE_PARAMS)
def test_chi_square_p_value_matches_scipy(request, engine_name):
    p = results(request, engine_name)["rows"]["chi"]
    n_rows = len(C_ROWS) + len(C_HAND) + len(C_NULL)
    assert sorted(p) == list(range(n_rows))
    errors = [(abs(p[i] - stats.chi2.sf(x, df)), x, df) for i, (x, df) in enumerate(C_ROWS)]
    assert _worst(errors)[0] <= 1e-12, _worst(errors)
    hand = [(abs(p[len(C_ROWS) + j] - math.exp(-x / 2) * (1 if df == 2 else 1 + x / 2)), x, df)
            for j, (x, df) in enumerate(C_HAND)]
    assert _worst(hand)[0] <= 1e-15, _worst(hand)
    assert [p[i] for i in range(len(C_ROWS) + len(C_HAND), n_rows)] == [None] * len(C_NULL)


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", ENGINE_PARAMS)
def test_studentized_range_p_value_matches_scipy(request, engine_name):
    p = results(request, engine_name)["rows"]["range"]
    n_rows = len(R_ROWS) + len(R_HAND) + len(R_NULL)
    assert sorted(p) == list(range(n_rows)), "one row per input row"
    errors = [(abs(p[i] - stats.studentized_range.sf(q, k, df)), q, k, df) for i, (q, k, df) in enumerate(R_ROWS)]
    assert _worst(errors)[0] <= 1e-9, _worst(errors)
    assert p[len(R_ROWS) - 1] == 1, "q = 0: p = 1"
    hand = [(abs(p[len(R_ROWS) + j] - 2 * stats.t.sf(q / math.sqrt(2), df)), q, df) for j, (q, _, df) in enumerate(R_HAND)]
    assert _worst(hand)[0] <= 1e-12, _worst(hand)
    assert [p[i] for i in range(len(R_ROWS) + len(R_HAND), n_rows)] == [None] * len(R_NULL)
    phi = results(request, engine_name)["rows"]["phi"]
    errors = [(abs(phi[i] - special.ndtr(x)), x) for i, x in enumerate(PHI_X)]
    assert _worst(errors)[0] <= 1e-15, _worst(errors)


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", ENGINE_PARAMS)
def test_helpers_match_numpy_and_scipy(request, engine_name):
    """The quadrature rule, ln(1 + y) and ln(Gamma(a + 1/2) / (Gamma(a) sqrt(a))) that the p-values are built from."""
    rows = results(request, engine_name)["rows"]
    x, w = np.polynomial.legendre.leggauss(16)
    expected = [(16 * panel + i, (panel + (1 + x[i]) / 2) / 4, w[i] / 8) for panel in range(4) for i in range(16)]
    nodes = rows["nodes"]
    assert [n[0] for n in nodes] == list(range(64))
    assert max(max(abs(a[1] - b[1]), abs(a[2] - b[2])) for a, b in zip(nodes, expected)) <= 1e-16
    # exact for polynomials of degree 31 on each panel: the moments of [0, 1] (the rule's panels are quarters)
    for k in (0, 1, 7, 31):
        assert abs(sum(node_weight * position ** k for _, position, node_weight in nodes) - 1 / (k + 1)) <= 1e-15
    log = [(abs(rows["log"][i] - math.log1p(y)) / max(abs(math.log1p(y)), 1e-300), y) for i, y in enumerate(LOG_Y)]
    assert _worst(log)[0] <= 1e-15, _worst(log)
    gamma = [(abs(rows["gamma"][i] - (special.gammaln(a + 0.5) - special.gammaln(a) - math.log(a) / 2)), a)
             for i, a in enumerate(GAMMA_A) if a <= 100]
    assert _worst(gamma)[0] <= 2e-13, _worst(gamma)
    value = {a: rows["gamma"][i] for i, a in enumerate(GAMMA_A)}
    recurrence = [(abs(value[a + 1] - value[a] - (math.log1p(0.5 / a) - math.log1p(1 / a) / 2)), a)
                  for a in GAMMA_PAIRS]
    assert _worst(recurrence)[0] <= 1e-15, _worst(recurrence)


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", ENGINE_PARAMS)
def test_tolerant_sign_ties_within_its_tolerance(request, engine_name):
    assert math.floor(5e-13 * 1e12 + 0.5) != math.floor(STRADDLE * 1e12 + 0.5)  # the hard case: keys differ
    rows = results(request, engine_name)["rows"]["sign"]
    assert {i: rows[i] for i in range(len(SIGN_HAND))} == {i: sign for i, (_, _, sign) in enumerate(SIGN_HAND)}


@pytest.mark.dbt
@pytest.mark.postgres
def test_postgres_gives_duckdbs_numbers(request):
    duck, pg = results(request, "duckdb")["rows"], results(request, "postgres")["rows"]
    for name in duck:
        if name == "nodes":
            continue
        assert duck[name].keys() == pg[name].keys(), name
        differ = [(i, a, pg[name][i]) for i, a in duck[name].items()
                  if (a is None) != (pg[name][i] is None)
                  or (a is not None and abs(a - pg[name][i]) > 1e-13 * max(1, abs(a)))]
        assert not differ, (name, differ[:3])


@pytest.mark.dbt
def test_compiled_macros_pass_the_portability_gate_as_spark_reads_them(request):
    """The DuckDB SQL (the default__ macros, which every adapter but Spark's gets; Spark's differs only in its VALUES
    literal relations) parsed and checked as Databricks (Spark SQL) reads it, by test_portability.gate_failures:
    Spark's syntax is checked without starting Spark. (The other warehouses' dialects check these macros where the
    models use them, in test_portability.py; one dialect here keeps this file cheap.)"""
    from test_portability import gate_failures

    sql = results(request, "duckdb")["sql"]
    problems = [f"{name}: {failure}" for name in ("tail", "chi", "quantile 0.975", "range")
                for failure in gate_failures("duckdb", sql[name], "databricks")]
    assert not problems, problems
