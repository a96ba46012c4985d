"""Print the daily click tables of a demo build compactly: PaulScore, engagement, AUC / GAUC.

Usage: python scripts/demo/print_click_summary.py path/to/demo.duckdb [schema]
A table that was not built (its input vars are not set) is skipped with a note.
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


def print_paulscore(con, schema):
    rows = con.execute(f"""
        select search_date, search_type, factor, paulscore, relative_paulscore, paulscore_clicked_searches,
               n_sessions, n_searches, n_clicked_searches
        from {schema}.search_paulscore_daily
        order by search_date, search_type, factor
    """).fetchall()
    factors = sorted({r[2] for r in rows})
    print("\nsearch_paulscore_daily: PaulScore (relative = × (1 − F)) per factor F; "
          "A/B = mean search score over clicked searches")
    header = f"{'date':<12}{'type':<14}{'sessions':>9}{'searches':>9}{'clicked':>8}" + "".join(
        f"{'F=' + format(f, 'g'):>17}{'A/B':>8}" for f in factors)
    print(header)
    print("-" * len(header))
    by_group = {}
    for r in rows:
        by_group.setdefault((r[0], r[1]), {})[r[2]] = r
    for (day, search_type), by_factor in by_group.items():
        first = next(iter(by_factor.values()))
        line = f"{str(day):<12}{search_type:<14}{first[6]:>9}{first[7]:>9}{first[8]:>8}"
        for f in factors:
            r = by_factor.get(f)
            cell = "" if r is None else f"{fmt(r[3], 6)} ({fmt(r[4], 5).strip()})"
            line += f"{cell:>17}{fmt(None if r is None else r[5], 8)}"
        print(line)


def print_engagement(con, schema):
    rows = con.execute(f"""
        select search_date, search_type, n_searches, zero_result_rate, clickthrough_rate, abandonment_rate,
               mean_first_click_position
        from {schema}.search_click_metrics_daily
        order by search_date, search_type
    """).fetchall()
    print("\nsearch_click_metrics_daily: rates over searches with known n_results / with results")
    header = f"{'date':<12}{'type':<14}{'searches':>9}{'zero-res':>10}{'ctr':>8}{'abandon':>9}{'1st click':>10}"
    print(header)
    print("-" * len(header))
    for day, search_type, n, zero, ctr, abandon, first in rows:
        print(f"{str(day):<12}{search_type:<14}{n:>9}{fmt(zero, 10)}{fmt(ctr)}{fmt(abandon, 9)}{fmt(first, 10, 2)}")


def print_auc(con, schema):
    rows = con.execute(f"""
        select search_date, search_type, auc, gauc, gauc_weighted, n_sessions_used, n_sessions_skipped,
               n_impressions, n_clicked_impressions
        from {schema}.search_auc_daily
        order by search_date, search_type
    """).fetchall()
    print("\nsearch_auc_daily: score vs click; pooled AUC, GAUC (mean over sessions with both classes), "
          "impression-weighted GAUC")
    header = (f"{'date':<12}{'type':<14}{'auc':>8}{'gauc':>8}{'gauc_w':>8}{'sessions used/skipped':>23}"
              f"{'impressions (clicked)':>23}")
    print(header)
    print("-" * len(header))
    for day, search_type, auc, gauc, gauc_w, used, skipped, n_imp, n_clicked in rows:
        print(f"{str(day):<12}{search_type:<14}{fmt(auc)}{fmt(gauc)}{fmt(gauc_w)}{f'{used}/{skipped}':>23}"
              f"{f'{n_imp} ({n_clicked})':>23}")


def print_tables(con, schema: str = "main") -> None:
    for name, printer in (("search_paulscore_daily", print_paulscore),
                          ("search_click_metrics_daily", print_engagement),
                          ("search_auc_daily", print_auc)):
        if table_exists(con, schema, name):
            printer(con, schema)
        else:
            print(f"\n{name}: not built (set the click input vars, or --vars '{{search_metrics_examples: true}}')")


def main(path: str, schema: str = "main") -> None:
    with duckdb.connect(path, read_only=True) as con:
        print_tables(con, schema)


if __name__ == "__main__":
    main(*sys.argv[1:])
