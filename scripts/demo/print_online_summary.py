"""Print the online-evaluation tables of a demo build: each interleaving experiment's verdict, the daily session
metrics and the dwell survival at a few check-in times.

Usage: python scripts/demo/print_online_summary.py path/to/demo.duckdb [schema]
A table that was not built (its family is off) is skipped with a note.
"""

import sys

import duckdb


def fmt(value, width=8, digits=3):
    if value is None:
        return "null".rjust(width)
    if isinstance(value, float):
        return f"{value:.{digits}f}".rjust(width)
    return str(value).rjust(width)


def table_exists(con, schema, name):
    return con.execute(
        "select count(*) from information_schema.tables where table_schema = ? and table_name = ?",
        [schema, name]).fetchone()[0] > 0


def print_interleaving(con, schema):
    rows = con.execute(f"""
        select experiment, first_date, last_date, team_a, team_b, n_units, wins_a, wins_b, ties, n_units_no_click,
               preference_delta, p_value, ci_low, ci_high
        from {schema}.search_interleaving_experiments
        order by experiment
    """).fetchall()
    print("\nsearch_interleaving_experiments: Δ = (wins_a + ties/2) / (wins_a + wins_b + ties) − 0.5 "
          "(> 0: team a preferred), sign test, bootstrap interval")
    for (experiment, first, last, team_a, team_b, n_units, wins_a, wins_b, ties, no_click, delta, p, lo,
         hi) in rows:
        print(f"  experiment {experiment} ({first} .. {last}): {team_a} (a) vs {team_b} (b), {n_units} units "
              f"({no_click} without a team click): wins {wins_a} / {wins_b}, ties {ties}")
        if delta is None:
            print("    no unit with a preference")
            continue
        winner = team_a if delta > 0 else team_b
        print(f"    Δ = {delta:+.3f}, p = {p:.2g}, interval [{lo:+.3f}, {hi:+.3f}]"
              + (f": {winner} wins" if p is not None and p < 0.05 and (lo > 0 or hi < 0) else ": no clear winner"))


def print_sessions(con, schema):
    rows = con.execute(f"""
        select search_date, search_type, n_searches, n_clicks, satisfied_click_rate, threshold_pass_rate,
               return_rate, reformulation_rate, median_seconds_to_first_click, n_censored_clicks
        from {schema}.search_session_metrics_daily
        order by search_date, search_type
    """).fetchall()
    print("\nsearch_session_metrics_daily: satisfied = dwell ≥ the threshold; pass = a day-session with a satisfied "
          "click; return within the window; reformulation within the gap")
    header = (f"{'date':<12}{'type':<14}{'searches':>9}{'clicks':>7}{'satisfied':>10}{'pass':>7}{'return':>8}"
              f"{'reform.':>8}{'1st click s':>12}{'censored':>9}")
    print(header)
    print("-" * len(header))
    for r in rows:
        print(f"{str(r[0]):<12}{r[1]:<14}{r[2]:>9}{r[3]:>7}{fmt(r[4], 10)}{fmt(r[5], 7)}{fmt(r[6], 8)}"
              f"{fmt(r[7], 8)}{fmt(r[8], 12, 1)}{r[9]:>9}")


def print_survival(con, schema):
    rows = con.execute(f"""
        select search_type, checkin_seconds, avg(survival), sum(n_at_risk)
        from {schema}.search_dwell_survival
        where checkin_seconds in (10, 30, 60, 120, 300)
        group by search_type, checkin_seconds
        order by search_type, checkin_seconds
    """).fetchall()
    print("\nsearch_dwell_survival: Kaplan–Meier S(t), the share of visits longer than t "
          "(here the mean over the days)")
    by_type = {}
    for search_type, t, survival, at_risk in rows:
        by_type.setdefault(search_type, []).append(f"S({t:g} s) = {survival:.2f}")
    for search_type, cells in by_type.items():
        print(f"  {search_type:<14}" + ", ".join(cells))


def main(path, schema="main"):
    with duckdb.connect(path, read_only=True) as con:
        for name, printer in [("search_interleaving_experiments", print_interleaving),
                              ("search_session_metrics_daily", print_sessions),
                              ("search_dwell_survival", print_survival)]:
            if table_exists(con, schema, name):
                printer(con, schema)
            else:
                print(f"\n{name}: not built (its family is off)")


if __name__ == "__main__":
    main(*sys.argv[1:])
