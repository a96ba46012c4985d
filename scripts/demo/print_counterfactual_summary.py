"""Print the counterfactual family of a demo build: each candidate's estimates over every logged search (per
search type, the largest cutoff, the metrics clicks and ctr), with their intervals and support; then the check
against the A/B experiments: each bucket's metrics estimated from the other bucket's logs beside what it observed
(docs/counterfactual.md).

Usage: python scripts/demo/print_counterfactual_summary.py path/to/demo.duckdb [schema]
Tables search_counterfactual_estimates and search_counterfactual_experiment_checks; skipped with a note when the
family (or the experiments family, for the check) was not built.
"""

import sys

import duckdb

from print_experiment_summary import experiment_key, read, table_exists

METRICS = ("clicks", "ctr")


def fmt(value, width=8, digits=3):
    return ("null" if value is None else f"{value:.{digits}f}").rjust(width)


def interval(low, high):
    if low is None or high is None:
        return "null".rjust(17)
    return f"[{low:.3f}, {high:.3f}]".rjust(17)


def support(row):
    share = row["support_share"]
    return "null".rjust(8) if share is None else f"{100 * share:.0f}%".rjust(8)


def print_estimates(con, schema):
    rows = read(con, f"""
        select * from {schema}.search_counterfactual_estimates
        where metric in ('clicks', 'ctr')
            and cutoff = (select max(cutoff) from {schema}.search_counterfactual_estimates)
        order by candidate_run_id, search_type, metric, estimator""")
    if not rows:
        print("\nsearch_counterfactual_estimates: no rows")
        return
    print(f"\nsearch_counterfactual_estimates: each candidate's click metrics in the top {rows[0]['cutoff']} had "
          "it been shown to the logged searches;\nper estimator the estimate, its interval, the searches it reads "
          "(unranked: queries the candidate lacks) and, for dm,\nthe share of the candidate's docs PBM knows "
          "(estimate_upper reads the unknown ones as 1)")
    print(f"  {'candidate':<14}{'type':<14}{'metric':<8}{'est.':<11}{'estimate':>8}{'interval':>17}"
          f"{'upper':>8}{'n':>6}{'unranked':>9}{'support':>8}")
    for r in rows:
        print(f"  {r['candidate_run_id'][:13]:<14}{r['search_type'][:13]:<14}{r['metric']:<8}{r['estimator']:<11}"
              f"{fmt(r['estimate'])}{interval(r['ci_lower'], r['ci_upper'])}{fmt(r['estimate_upper'])}"
              f"{r['n_searches']:>6}{r['n_searches_unranked']:>9}{support(r)}")


def print_checks(con, schema):
    rows = read(con, f"""
        select * from {schema}.search_counterfactual_experiment_checks
        where metric in ('clicks', 'ctr')
            and cutoff = (select max(cutoff) from {schema}.search_counterfactual_experiment_checks)""")
    if not rows:
        print("\nsearch_counterfactual_experiment_checks: no rows (no experiment with two buckets and shown results)")
        return
    print(f"\nsearch_counterfactual_experiment_checks: how far the estimates can be trusted. Each bucket's metrics "
          f"in the top {rows[0]['cutoff']}\nestimated (dm) from the other bucket's logs, beside what the bucket "
          "observed; Δ = observed − estimate with its interval\n(! where the interval excludes 0: the estimate "
          "missed by more than the searches' spread explains)")
    for experiment in sorted({r["experiment"] for r in rows}, key=experiment_key):
        print(f"\nexperiment {experiment}")
        print(f"  {'target':<11}{'from':<11}{'type':<14}{'metric':<8}{'estimate':>8}{'interval':>17}{'upper':>8}"
              f"{'support':>8}{'observed':>9}{'interval':>17}{'Δ':>8}{'Δ interval':>18}")
        for r in sorted((r for r in rows if r["experiment"] == experiment),
                        key=lambda r: (r["target_bucket"], r["source_bucket"], r["search_type"],
                                       METRICS.index(r["metric"]))):
            low, high = r["difference_ci_lower"], r["difference_ci_upper"]
            flag = " !" if low is not None and (low > 0 or high < 0) else ""
            print(f"  {r['target_bucket'][:10]:<11}{r['source_bucket'][:10]:<11}{r['search_type'][:13]:<14}"
                  f"{r['metric']:<8}{fmt(r['estimate'])}{interval(r['ci_lower'], r['ci_upper'])}"
                  f"{fmt(r['estimate_upper'])}{support(r)}{fmt(r['observed'], 9)}"
                  f"{interval(r['observed_ci_lower'], r['observed_ci_upper'])}{fmt(r['difference'])}"
                  f"{interval(low, high).rjust(18)}{flag}")


def main(path, schema="main"):
    with duckdb.connect(path, read_only=True) as con:
        if not table_exists(con, schema, "search_counterfactual_estimates"):
            print("\nsearch_counterfactual_estimates: not built (the counterfactual family is off: "
                  "var search_metrics_counterfactual_candidates unset)")
            return
        print_estimates(con, schema)
        if table_exists(con, schema, "search_counterfactual_experiment_checks"):
            print_checks(con, schema)
        else:
            print("\nsearch_counterfactual_experiment_checks: not built (the experiments family is off)")


if __name__ == "__main__":
    main(*sys.argv[1:])
