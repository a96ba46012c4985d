"""Reference (oracle) implementation of online evaluation (docs/online_evaluation.md).

Pure Python, standard library only, plain loops, written from the definitions between the docs markers of
docs/online_evaluation.md, not from the SQL. The bootstrap uses the comparisons' hash draws and percentile rule
(reference.comparisons), so its interval must agree with the SQL to floating-point noise.

Inputs
------
searches:     {search_id (unique), session_id, searched_at (datetime), search_type (str), n_results,
               <query column> (optional), <experiment column> (None = not interleaved)}
clicks:       {search_id, position (int >= 1), clicked_at (datetime)}
impressions:  {search_id, position (int >= 1), doc_id, score, <team column>}
page_visits:  {search_id, position, visit_end_at (datetime)}, unique (search_id, position)

Conventions (where the docs leave a choice, the choice made here; the SQL must make the same)
-----------
* search_date = the date of searched_at; a day-session is (session_id, search_date, search_type).
* A click is a distinct clicked (search_id, position) of a known search, at its first clicked_at. This is the only
  notion of click used anywhere below: a repeated click on the same (search_id, position) is never an event of
  the session (it neither ends a dwell nor counts as a return), and rows of unknown searches are ignored.
  A click belongs to the day-session of its search (also when it happens after midnight).
* Interleaving: an experiment's two teams (team_a < team_b in code-point order) are the distinct non-null team
  values of the impressions of all its (known) searches, over all days; the daily rows carry the experiment's
  teams. An experiment with no impression at all has team_a = team_b = None (all its units are without a team
  click). With unit=session the unit is (experiment, session_id, search_date): the search_type is NOT part of it.
  Units with a preference are numbered 1..n in the order of their key, a tuple of strings compared in code-point
  order: (search_id,) or (session_id, search_date as ISO text); over the whole experiment the session key orders
  by session_id, then search_date. The bootstrap is the comparisons' stream 2 (STREAM_PAIRED_BOOTSTRAP):
  replicate r = 1..B, slot j = 1..n picks unit draw(replicate_key(2, r), j) % n + 1, the replicate value is the
  mean of the picked unit values; the interval is percentile_interval(replicate values, level).
* Dwell: the events of a day-session are its searches (searched_at) and its clicks (first clicked_at); a click's
  dwell is (next event strictly after clicked_at) - clicked_at; a page visit of the click's (search_id, position)
  overrides it (visit_end_at - first clicked_at); otherwise censored with dwell 0.0. Page visits of an unclicked
  (search_id, position) or of an unknown search are not used.
* Session metrics: clicks, clicked searches and day-sessions are counted in the (search_date, search_type) of their
  search. Return: t = the search's first click time; the search returns when another click of the same search
  (another position, at its first clicked_at) or another search of the day-session lies in (t, t + window].
  Reformulation: the day-session's searches ordered by (searched_at, search_id as text); search s with a non-null
  query is reformulated when the next one n has n.searched_at - s.searched_at <= gap, a non-null query != s's,
  and no click c of the day-session (any of its searches) with s.searched_at <= c < n.searched_at. With
  query_column None the three reformulation columns (reformulation_rate, n_searches_with_query,
  n_reformulated_searches) are None; with a query column and no query, the rate is None and the counts 0.
  median_seconds_to_first_click: median with linear interpolation (even count: mean of the two middles).
* Dwell survival: n_dwells = every click of the group (observed or censored), n_censored = the censored ones;
  survival(t) = product over observed dwells d <= t; n_at_risk(t) = dwells (observed or censored) >= t. The
  product is computed in exact fractions, so the median's "S <= 1/2" is decided exactly (S can be exactly 1/2,
  e.g. 3/4 * 2/3, where a float product may land a hair above or below).

Public API
----------
sign_test_p_value(wins_a, wins_b)
interleaving_units(searches, clicks, impressions, experiment_column="experiment", team_column="team",
                   unit="search")
interleaving_daily(..., n_bootstrap=1000, level=0.95), interleaving_experiments(...)
click_dwells(searches, clicks, page_visits=None)
session_metrics_daily(searches, clicks, page_visits=None, query_column=None, dwell_threshold_seconds=10,
                      return_window_seconds=600, reformulation_gap_seconds=300)
kaplan_meier(times, censored_flags, exact=False), survival_at(steps, t), median_survival(steps)
dwell_survival(searches, clicks, page_visits=None, checkin_seconds=DEFAULT_CHECKIN_SECONDS)
generate_online_log(rng, n_sessions=30, n_days=3, ...), log_hard_cases(log)
"""

from __future__ import annotations

import bisect
import math
import random
from datetime import datetime, timedelta
from fractions import Fraction

from .comparisons import STREAM_PAIRED_BOOTSTRAP, draw, percentile_interval, replicate_key

DEFAULT_CHECKIN_SECONDS = (10, 20, 30, 40, 50, 60, 90, 120, 150, 180, 210, 240, 300, 360, 420)
BOOTSTRAP_STREAM = STREAM_PAIRED_BOOTSTRAP  # 2: the stream of the interleaving bootstrap
OUTCOME_VALUE = {"a": 0.5, "tie": 0.0, "b": -0.5}  # a unit's value: 1, 1/2 or 0, minus 1/2
MICROSECOND = timedelta(microseconds=1)


def _date(timestamp):
    return timestamp.date()


def _seconds(delta: timedelta) -> float:
    """Seconds of a timedelta, from its exact microsecond count (correctly rounded)."""
    return (delta // MICROSECOND) / 1_000_000


def _known_searches(searches):
    return {row["search_id"]: row for row in searches}


def first_clicks(searches, clicks):
    """{(search_id, position): first clicked_at} over the clicks of known searches (the package's click)."""
    known = _known_searches(searches)
    first = {}
    for click in clicks:
        if click["search_id"] not in known:
            continue
        key = (click["search_id"], click["position"])
        if key not in first or click["clicked_at"] < first[key]:
            first[key] = click["clicked_at"]
    return first


def _day_session(search):
    return (search["session_id"], _date(search["searched_at"]), search["search_type"])


def _median(values):
    xs = sorted(values)
    n = len(xs)
    if n == 0:
        return None
    if n % 2 == 1:
        return float(xs[n // 2])
    return (xs[n // 2 - 1] + xs[n // 2]) / 2


# ---------------------------------------------------------------------------
# Interleaving
# ---------------------------------------------------------------------------


def sign_test_p_value(wins_a, wins_b):
    """min(1, 2 P(X <= min(wins_a, wins_b))), X ~ Binomial(wins_a + wins_b, 1/2), in exact integer arithmetic;
    None when wins_a + wins_b = 0."""
    n = wins_a + wins_b
    if n == 0:
        return None
    k = min(wins_a, wins_b)
    tail = sum(math.comb(n, i) for i in range(k + 1))
    return float(min(Fraction(1), Fraction(2 * tail, 2 ** n)))


def interleaving_units(searches, clicks, impressions, experiment_column="experiment", team_column="team",
                       unit="search"):
    """One dict per unit: experiment (text), search_date, unit_key, team_a, team_b, credits_a, credits_b and
    outcome ("a", "b", "tie", or None when no click of the unit credits a team). Sorted by (experiment, unit_key)."""
    if unit not in ("search", "session"):
        raise ValueError(f"unit must be 'search' or 'session', not {unit!r}")
    known = _known_searches(searches)
    interleaved = {sid: row for sid, row in known.items() if row.get(experiment_column) is not None}
    team_at = {}
    experiment_teams = {}
    for imp in impressions:
        search = interleaved.get(imp["search_id"])
        if search is None:
            continue
        team = imp.get(team_column)
        team_at[(imp["search_id"], imp["position"])] = team
        if team is not None:
            experiment_teams.setdefault(str(search[experiment_column]), set()).add(team)
    units = {}
    for sid, search in interleaved.items():
        experiment = str(search[experiment_column])
        day = _date(search["searched_at"])
        if unit == "search":
            unit_key = (str(sid),)
        else:
            unit_key = (str(search["session_id"]), day.isoformat())
        teams = sorted(experiment_teams.get(experiment, ()))
        team_a = teams[0] if teams else None
        team_b = teams[1] if len(teams) > 1 else None
        units.setdefault((experiment, unit_key), {
            "experiment": experiment, "search_date": day, "unit_key": unit_key, "team_a": team_a,
            "team_b": team_b, "credits_a": 0, "credits_b": 0, "search_ids": []})["search_ids"].append(sid)
    unit_of = {sid: key for key, u in units.items() for sid in u["search_ids"]}
    for (sid, position) in first_clicks(searches, clicks):
        key = unit_of.get(sid)
        if key is None:
            continue
        u = units[key]
        team = team_at.get((sid, position))
        if team is None:
            continue  # a click on a position without an impression credits nobody
        if team == u["team_a"]:
            u["credits_a"] += 1
        elif team == u["team_b"]:
            u["credits_b"] += 1
    out = []
    for key in sorted(units):
        u = units[key]
        del u["search_ids"]
        if u["credits_a"] > u["credits_b"]:
            u["outcome"] = "a"
        elif u["credits_b"] > u["credits_a"]:
            u["outcome"] = "b"
        elif u["credits_a"] > 0:
            u["outcome"] = "tie"
        else:
            u["outcome"] = None
        out.append(u)
    return out


def bootstrap_interval(values, n_bootstrap, level):
    """Percentile bootstrap of the mean of values (listed in unit order), with the hash draws of stream 2."""
    n = len(values)
    if n == 0 or n_bootstrap <= 0:
        return None, None
    means = []
    for r in range(1, n_bootstrap + 1):
        key = replicate_key(BOOTSTRAP_STREAM, r)
        total = 0.0
        for j in range(1, n + 1):
            total += values[draw(key, j) % n]  # unit draw % n + 1, 1-based
        means.append(total / n)
    return percentile_interval(means, level)


def _verdict(units, n_bootstrap, level):
    decided = sorted((u for u in units if u["outcome"] is not None), key=lambda u: u["unit_key"])
    wins_a = sum(1 for u in decided if u["outcome"] == "a")
    wins_b = sum(1 for u in decided if u["outcome"] == "b")
    ties = sum(1 for u in decided if u["outcome"] == "tie")
    n_decided = wins_a + wins_b + ties
    ci_low, ci_high = bootstrap_interval([OUTCOME_VALUE[u["outcome"]] for u in decided], n_bootstrap, level)
    return {
        "team_a": units[0]["team_a"],
        "team_b": units[0]["team_b"],
        "n_units": len(units),
        "wins_a": wins_a,
        "wins_b": wins_b,
        "ties": ties,
        "n_units_no_click": len(units) - n_decided,
        "preference_delta": (wins_a + ties / 2) / n_decided - 0.5 if n_decided else None,
        "p_value": sign_test_p_value(wins_a, wins_b),
        "ci_low": ci_low,
        "ci_high": ci_high,
    }


def interleaving_daily(searches, clicks, impressions, experiment_column="experiment", team_column="team",
                       unit="search", n_bootstrap=1000, level=0.95):
    """One row per (experiment, search_date) with at least one unit (search_interleaving_daily)."""
    groups = {}
    for u in interleaving_units(searches, clicks, impressions, experiment_column, team_column, unit):
        groups.setdefault((u["experiment"], u["search_date"]), []).append(u)
    out = []
    for (experiment, day), units in sorted(groups.items()):
        out.append({"experiment": experiment, "search_date": day, **_verdict(units, n_bootstrap, level)})
    return out


def interleaving_experiments(searches, clicks, impressions, experiment_column="experiment", team_column="team",
                             unit="search", n_bootstrap=1000, level=0.95):
    """One row per experiment over all its days (search_interleaving_experiments)."""
    groups = {}
    for u in interleaving_units(searches, clicks, impressions, experiment_column, team_column, unit):
        groups.setdefault(u["experiment"], []).append(u)
    out = []
    for experiment, units in sorted(groups.items()):
        days = {u["search_date"] for u in units}
        out.append({"experiment": experiment, "first_date": min(days), "last_date": max(days),
                    "n_days": len(days), **_verdict(units, n_bootstrap, level)})
    return out


# ---------------------------------------------------------------------------
# Dwell
# ---------------------------------------------------------------------------


def click_dwells(searches, clicks, page_visits=None):
    """One row per click (distinct (search_id, position) of a known search, at its first clicked_at):
    search_id, position, session_id, search_date, search_type, clicked_at, dwell_seconds, censored."""
    known = _known_searches(searches)
    first = first_clicks(searches, clicks)
    visits = {}
    for visit in page_visits or []:
        key = (visit["search_id"], visit["position"])
        if key in first:
            visits[key] = visit["visit_end_at"]
    events = {}
    for search in searches:
        events.setdefault(_day_session(search), []).append(search["searched_at"])
    for (sid, _), at in first.items():
        events[_day_session(known[sid])].append(at)
    for timestamps in events.values():
        timestamps.sort()
    out = []
    for (sid, position), at in sorted(first.items(), key=lambda item: (str(item[0][0]), item[0][1])):
        search = known[sid]
        day_session = _day_session(search)
        if (sid, position) in visits:
            dwell, censored = _seconds(visits[(sid, position)] - at), False
        else:
            timestamps = events[day_session]
            i = bisect.bisect_right(timestamps, at)  # the first event strictly after the click
            if i < len(timestamps):
                dwell, censored = _seconds(timestamps[i] - at), False
            else:
                dwell, censored = 0.0, True
        out.append({"search_id": sid, "position": position, "session_id": search["session_id"],
                    "search_date": day_session[1], "search_type": search["search_type"], "clicked_at": at,
                    "dwell_seconds": dwell, "censored": censored})
    return out


# ---------------------------------------------------------------------------
# Session metrics
# ---------------------------------------------------------------------------


def session_search_rows(searches, clicks, page_visits=None, query_column=None, dwell_threshold_seconds=10,
                        return_window_seconds=600, reformulation_gap_seconds=300):
    """One row per search with what the session metrics count: search_date, search_type, session_id, n_clicks,
    n_satisfied_clicks, n_censored_clicks, seconds_to_first_click (None without click), returning (None without
    click), has_query, reformulated (None without query column)."""
    known = _known_searches(searches)
    first = first_clicks(searches, clicks)
    dwells = click_dwells(searches, clicks, page_visits)
    window = timedelta(seconds=return_window_seconds)
    gap = timedelta(seconds=reformulation_gap_seconds)
    click_times = {}  # search_id -> [first clicked_at of each position]
    for (sid, _), at in first.items():
        click_times.setdefault(sid, []).append(at)
    session_searches = {}
    for search in searches:
        session_searches.setdefault(_day_session(search), []).append(search)
    session_clicks = {}
    for (sid, _), at in first.items():
        session_clicks.setdefault(_day_session(known[sid]), []).append(at)

    rows = {}
    for search in searches:
        sid = search["search_id"]
        times = click_times.get(sid, [])
        row = {"search_id": sid, "session_id": search["session_id"], "search_date": _date(search["searched_at"]),
               "search_type": search["search_type"], "n_clicks": len(times), "n_satisfied_clicks": 0,
               "n_censored_clicks": 0, "seconds_to_first_click": None, "returning": None,
               "has_query": None, "reformulated": None}
        if times:
            t = min(times)
            row["seconds_to_first_click"] = _seconds(t - search["searched_at"])
            later = [c for c in times if c != t]
            later += [s["searched_at"] for s in session_searches[_day_session(search)] if s["search_id"] != sid]
            row["returning"] = any(t < x <= t + window for x in later)
        rows[sid] = row
    for dwell in dwells:
        row = rows[dwell["search_id"]]
        if dwell["censored"]:
            row["n_censored_clicks"] += 1
        elif dwell["dwell_seconds"] >= dwell_threshold_seconds:
            row["n_satisfied_clicks"] += 1
    if query_column is not None:
        for day_session, members in session_searches.items():
            ordered = sorted(members, key=lambda s: (s["searched_at"], str(s["search_id"])))
            clicks_here = session_clicks.get(day_session, [])
            for i, search in enumerate(ordered):
                query = search.get(query_column)
                row = rows[search["search_id"]]
                row["has_query"] = query is not None
                row["reformulated"] = False
                if query is None or i + 1 == len(ordered):
                    continue
                nxt = ordered[i + 1]
                next_query = nxt.get(query_column)
                blocked = any(search["searched_at"] <= c < nxt["searched_at"] for c in clicks_here)
                row["reformulated"] = (nxt["searched_at"] - search["searched_at"] <= gap and next_query is not None
                                       and next_query != query and not blocked)
    return [rows[s["search_id"]] for s in searches]


def session_metrics_daily(searches, clicks, page_visits=None, query_column=None, dwell_threshold_seconds=10,
                          return_window_seconds=600, reformulation_gap_seconds=300):
    """One row per (search_date, search_type) with at least one search (search_session_metrics_daily)."""
    groups = {}
    for row in session_search_rows(searches, clicks, page_visits, query_column, dwell_threshold_seconds,
                                   return_window_seconds, reformulation_gap_seconds):
        groups.setdefault((row["search_date"], row["search_type"]), []).append(row)
    out = []
    for (day, search_type), rows in sorted(groups.items()):
        sessions = {}
        for row in rows:
            sessions.setdefault(row["session_id"], []).append(row)
        n_clicks = sum(r["n_clicks"] for r in rows)
        n_satisfied = sum(r["n_satisfied_clicks"] for r in rows)
        clicked = [r for r in rows if r["n_clicks"]]
        clicked_sessions = [s for s in sessions.values() if any(r["n_clicks"] for r in s)]
        passing = [s for s in clicked_sessions if any(r["n_satisfied_clicks"] for r in s)]
        returning = [r for r in clicked if r["returning"]]
        out_row = {
            "search_date": day,
            "search_type": search_type,
            "satisfied_click_rate": n_satisfied / n_clicks if n_clicks else None,
            "threshold_pass_rate": len(passing) / len(clicked_sessions) if clicked_sessions else None,
            "return_rate": len(returning) / len(clicked) if clicked else None,
            "reformulation_rate": None,
            "median_seconds_to_first_click": _median([r["seconds_to_first_click"] for r in clicked]),
            "n_searches": len(rows),
            "n_sessions": len(sessions),
            "n_clicks": n_clicks,
            "n_satisfied_clicks": n_satisfied,
            "n_censored_clicks": sum(r["n_censored_clicks"] for r in rows),
            "n_clicked_sessions": len(clicked_sessions),
            "n_passing_sessions": len(passing),
            "n_clicked_searches": len(clicked),
            "n_returning_searches": len(returning),
            "n_searches_with_query": None,
            "n_reformulated_searches": None,
        }
        if query_column is not None:
            with_query = sum(1 for r in rows if r["has_query"])
            reformulated = sum(1 for r in rows if r["reformulated"])
            out_row["n_searches_with_query"] = with_query
            out_row["n_reformulated_searches"] = reformulated
            out_row["reformulation_rate"] = reformulated / with_query if with_query else None
        out.append(out_row)
    return out


# ---------------------------------------------------------------------------
# Kaplan-Meier and dwell survival
# ---------------------------------------------------------------------------


def kaplan_meier(times, censored_flags, exact=False):
    """[(time, S(time))] at each distinct observed (uncensored) time, ascending: S(d) = product over observed
    times d_i <= d of (1 - events at d_i / at risk at d_i), at risk at d = every time (observed or censored) >= d
    (events come before censorings at the same time). exact=True gives S as fractions.Fraction."""
    pairs = list(zip(times, censored_flags))
    survival = Fraction(1)
    steps = []
    for d in sorted({t for t, censored in pairs if not censored}):
        at_risk = sum(1 for t, _ in pairs if t >= d)
        events = sum(1 for t, censored in pairs if not censored and t == d)
        survival *= Fraction(at_risk - events, at_risk)
        steps.append((d, survival if exact else float(survival)))
    return steps


def survival_at(steps, t):
    """S(t): the value of the last step at or before t (1 before the first step)."""
    value = 1.0
    for time, survival in steps:
        if time <= t:
            value = survival
        else:
            break
    return value


def median_survival(steps):
    """The smallest observed time with S <= 1/2 (lifelines' median_survival_time_), None when S stays above."""
    for time, survival in steps:
        if survival <= Fraction(1, 2):
            return time
    return None


def dwell_survival(searches, clicks, page_visits=None, checkin_seconds=DEFAULT_CHECKIN_SECONDS):
    """One row per (search_date, search_type, checkin_seconds) of the (date, type) groups with a click
    (search_dwell_survival)."""
    groups = {}
    for dwell in click_dwells(searches, clicks, page_visits):
        groups.setdefault((dwell["search_date"], dwell["search_type"]), []).append(dwell)
    out = []
    for (day, search_type), dwells in sorted(groups.items()):
        times = [d["dwell_seconds"] for d in dwells]
        flags = [d["censored"] for d in dwells]
        steps = kaplan_meier(times, flags, exact=True)
        median = median_survival(steps)
        for t in checkin_seconds:
            out.append({
                "search_date": day,
                "search_type": search_type,
                "checkin_seconds": t,
                "survival": float(survival_at(steps, t)),
                "n_at_risk": sum(1 for x in times if x >= t),
                "n_dwells": len(dwells),
                "n_censored": sum(flags),
                "median_dwell_seconds": median,
            })
    return out


# ---------------------------------------------------------------------------
# Log generator
# ---------------------------------------------------------------------------

EXPERIMENT_TEAMS = {"exp_1": ("baseline", "candidate"), "exp_2": ("ltr_a", "ltr_b")}
# exp_2 is one-sided on odd-numbered days (day index 1, 3, ...): no click ever lands on an ltr_a position
ONE_SIDED = ("exp_2", "ltr_a")
START = datetime(2026, 3, 2)
SESSION_KINDS = ("tie", "no_click", "repeat", "midnight", "identical", "reformulate", "no_impression", "returns",
                 "visits", "random")
# gaps (seconds) from a click to the next event: the threshold (10), the check-in times, the custom settings'
# threshold (30) and return window (120), fractions of a second
CLICK_GAPS = (10, 10, 10, 20, 30, 30, 60, 90, 120, 5, 2.5, 0.25, 45, 300, 7.125)
# gaps (seconds) between a search or click and the next search: identical timestamps (0), reformulation gaps at and
# beyond 300 and 60, return windows at and beyond 600 and 120
NEXT_SEARCH_GAPS = (0, 0, 10, 30, 60, 61, 120, 121, 300, 300, 301, 600, 601, 900)
# visit lengths (seconds): 0 (visit ends at the click), the threshold, check-in times, 30.5 (a custom check-in)
VISIT_SECONDS = (0, 10, 10, 20, 30, 30.5, 40, 60, 90, 120, 7.125, 420, 425)


class _LogBuilder:
    def __init__(self, rng, experiments, query_ids, start, n_days):
        self.rng = rng
        self.experiments = experiments
        self.query_ids = query_ids
        self.start = start
        self.n_days = n_days
        self.searches, self.clicks, self.impressions = [], [], []
        self.teams = {}  # search_id -> {position: team}
        self.n_search = 0
        self.forced_visits = []  # (search_id, position, seconds)

    def day_index(self, at):
        return (at.date() - self.start.date()).days

    def search(self, session_id, at, search_type, experiment, query="new", previous=None, impressions=True,
               n_results=None):
        rng = self.rng
        self.n_search += 1
        search_id = f"s{self.n_search}"  # unpadded: code-point order differs from numeric order (s10 < s9)
        if query == "new":
            query = f"q{rng.randint(1, 12)}"
            if previous is not None and query == previous:
                query = f"q{rng.randint(13, 20)}"
        if not self.query_ids:
            query = None
        experiment = experiment if self.experiments else None
        if n_results is None:
            n_results = rng.choice((2, 3, 4, 5, 6)) if experiment else rng.choice((0, 1, 2, 3, 4, 5))
        self.searches.append({"search_id": search_id, "session_id": session_id, "searched_at": at,
                              "search_type": search_type, "n_results": n_results, "query_id": query,
                              "experiment": experiment})
        teams = {}
        if impressions and n_results:
            docs = rng.sample(range(1, 60), n_results)
            pair = EXPERIMENT_TEAMS.get(experiment)
            for position in range(1, n_results + 1):
                if pair is not None:  # team-draft: each pair of positions holds one result of each team
                    if position % 2 == 1:
                        order = rng.sample(pair, 2)
                    teams[position] = order[(position - 1) % 2]
                self.impressions.append({"search_id": search_id, "position": position,
                                         "doc_id": f"d{docs[position - 1]}",
                                         "score": round(1.0 - position / 10 + rng.random() / 100, 6),
                                         "team": teams.get(position)})
        self.teams[search_id] = teams
        return self.searches[-1]

    def allowed_positions(self, search, team=None):
        """The positions a click may land on: every shown position (of `team` if given), never one of the
        one-sided experiment's silent team on its odd days."""
        teams = self.teams[search["search_id"]]
        positions = list(range(1, search["n_results"] + 1)) if not teams else sorted(teams)
        silent = (search["experiment"] == ONE_SIDED[0] and self.day_index(search["searched_at"]) % 2 == 1)
        if teams:
            positions = [p for p in positions if (team is None or teams[p] == team)
                         and not (silent and teams[p] == ONE_SIDED[1])]
        return positions

    def click(self, search, position, at):
        self.clicks.append({"search_id": search["search_id"], "position": position, "clicked_at": at})

    def random_clicks(self, search, t, n_clicks):
        """n_clicks clicks on the search, each a CLICK_GAP after the previous event; sometimes on a position
        without an impression. Returns the time of the last event."""
        rng = self.rng
        for _ in range(n_clicks):
            t += _gap(rng.choice(CLICK_GAPS))
            positions = self.allowed_positions(search)
            if not positions or rng.random() < 0.12:
                position = search["n_results"] + rng.randint(1, 3)  # no impression there
            else:
                position = rng.choice(positions)
            self.click(search, position, t)
        return t


def _gap(seconds):
    return timedelta(milliseconds=round(seconds * 1000))


def generate_online_log(rng: random.Random, n_sessions: int = 30, n_days: int = 3, start: datetime = START,
                        experiments: bool = True, query_ids: bool = True, page_visits: bool = True,
                        unknown_search_click: bool = True, shuffle: bool = True) -> dict:
    """A small random search log with every hard case of online evaluation, most of them by construction.

    Returns dict(searches=[...], clicks=[...], impressions=[...], page_visits=[...]) with the columns of the
    module docstring; searches carry query_id and experiment, impressions carry team. Session i (session_id
    f"u{i}") starts on day i % n_days; its kind is SESSION_KINDS[(i // n_days) % 10], so with n_sessions >= 10 *
    n_days (the default 30 over 3 days) every kind occurs on every day:

    - tie: an exp_1 search with one click on each team, 10 s apart (a tie, also as a session unit, and a dwell
      equal to the threshold);
    - no_click: searches without clicks (a day-session with no click), with reformulations;
    - repeat: a position clicked twice or three times (later clicks are duplicates), in exp_2;
    - midnight: a search at 23:59:4x with clicks after midnight, then a new search after midnight (the next day's
      day-session), on every day but the last (the last day gets a "random" session instead);
    - identical: a click at the same instant as the next search (and two clicks at the same instant), in exp_2;
    - reformulate: query changes without clicks at gaps within (<= 300 s, 300 s exactly) and beyond (61 or 121 s,
      then 301 or 900 s) the reformulation gap, and often a search with a null query;
    - no_impression: an interleaved search without any impression (clicked), then a search clicked on a position
      past its impressions;
    - returns: a second click exactly 600 s (or 601 s, 120 s, 121 s) after the first, or a new search at that gap;
    - visits: two clicks whose page visits last exactly 10 s and one of 20, 30, 30.5, 60 or 0 s;
    - random: 1-4 searches with random clicks.

    Every day, exp_2 is one-sided on odd day indexes (no click on an ltr_a position that day). Dwells of exactly
    10 s and of check-in times come from CLICK_GAPS (next event) and VISIT_SECONDS (page visits); timestamps are
    whole seconds or milliseconds. Options: experiments=False leaves every search uninterleaved (experiment and
    team None); query_ids=False leaves every query_id None; page_visits=False returns no page visit (otherwise
    about a third of the clicked positions have one, plus the forced ones); unknown_search_click adds a click on
    a search that is not in the log; shuffle=False keeps the rows in generation order. Search ids are "s1", "s2",
    ... unpadded, so code-point order differs from numeric order.
    """
    b = _LogBuilder(rng, experiments, query_ids, start, n_days)
    cycle = ("exp_1", "exp_2", None)
    for i in range(n_sessions):
        day = i % n_days
        j = i // n_days
        kind = SESSION_KINDS[j % len(SESSION_KINDS)]
        if kind == "midnight" and day == n_days - 1:
            kind = "random"
        experiment = {"tie": "exp_1", "repeat": "exp_2", "identical": "exp_2", "returns": "exp_1",
                      "no_impression": ("exp_1", "exp_2")[day % 2]}.get(kind, cycle[(j + day) % 3])
        if j >= len(SESSION_KINDS):
            experiment = rng.choice(cycle)
        session_id = f"u{i}"
        search_type = rng.choice(("fulltext", "fulltext", "autocomplete"))
        midnight = start + timedelta(days=day + 1)
        t = start + timedelta(days=day, hours=rng.randint(7, 21), minutes=rng.randint(0, 59),
                              seconds=rng.randint(0, 59))
        if rng.random() < 0.3:
            t += timedelta(milliseconds=rng.randint(1, 999))
        _session(b, kind, session_id, t, search_type, experiment, midnight)
    if unknown_search_click:
        b.clicks.append({"search_id": "s_unknown", "position": 1, "clicked_at": start + timedelta(hours=12)})

    visits = []
    if page_visits:
        first = first_clicks(b.searches, b.clicks)
        forced = {}
        for sid, position, seconds in b.forced_visits:
            forced.setdefault((sid, position), seconds)
        for key in sorted(first, key=lambda k: (k[0], k[1])):
            if key in forced:
                seconds = forced[key]
            elif rng.random() < 0.33:
                seconds = rng.choice(VISIT_SECONDS)
            else:
                continue
            visits.append({"search_id": key[0], "position": key[1], "visit_end_at": first[key] + _gap(seconds)})
    log = {"searches": b.searches, "clicks": b.clicks, "impressions": b.impressions, "page_visits": visits}
    if shuffle:
        for rows in log.values():
            rng.shuffle(rows)
    return log


def _session(b: _LogBuilder, kind, session_id, t, search_type, experiment, midnight):
    rng = b.rng
    if kind == "tie":
        s = b.search(session_id, t, search_type, experiment, n_results=rng.choice((2, 4, 6)))
        if b.teams[s["search_id"]]:
            pair = EXPERIMENT_TEAMS[experiment]
            for gap, team in zip((rng.choice(CLICK_GAPS), 10), rng.sample(pair, 2)):
                t += _gap(gap)  # the first click's dwell is exactly the threshold (10 s)
                b.click(s, rng.choice(b.allowed_positions(s, team)), t)
        else:
            t = b.random_clicks(s, t, 2)
        t += _gap(rng.choice(NEXT_SEARCH_GAPS))
        s = b.search(session_id, t, search_type, experiment, previous=s["query_id"])
        b.random_clicks(s, t, rng.choice((0, 1)))
    elif kind == "no_click":
        previous = None
        for _ in range(rng.randint(1, 3)):
            s = b.search(session_id, t, search_type, experiment, previous=previous,
                         query=None if rng.random() < 0.2 else "new")
            previous = s["query_id"]
            t += _gap(rng.choice(NEXT_SEARCH_GAPS))
    elif kind == "repeat":
        s = b.search(session_id, t, search_type, experiment)
        positions = b.allowed_positions(s) or [s["n_results"] + 1]
        position = rng.choice(positions)
        t += _gap(rng.choice(CLICK_GAPS))
        b.click(s, position, t)
        for _ in range(rng.randint(1, 2)):  # the repeats: later clicks on the same position
            b.click(s, position, t + _gap(rng.choice((1, 4, 30, 200))))
        t = b.random_clicks(s, t, rng.choice((0, 1)))
        t += _gap(rng.choice(NEXT_SEARCH_GAPS))
        s = b.search(session_id, t, search_type, experiment, previous=s["query_id"])
        b.random_clicks(s, t, rng.choice((0, 1, 2)))
    elif kind == "midnight":
        t = midnight - timedelta(seconds=rng.choice((15, 20, 25)), milliseconds=rng.choice((0, 0, 500)))
        s = b.search(session_id, t, search_type, experiment)
        positions = b.allowed_positions(s) or [1]
        after = midnight + _gap(rng.choice((0, 2, 5.5)))
        b.click(s, rng.choice(positions), after)  # after midnight
        if rng.random() < 0.5 and len(positions) > 1:  # a second click after midnight, 10 s later
            after += _gap(10)
            b.click(s, positions[-1], after)
        if rng.random() < 0.3:  # no later search at all: the last click is censored anyway
            return
        t = after + _gap(rng.choice((0, 20, 60)))  # the next day's day-session
        s = b.search(session_id, t, search_type, experiment, previous=s["query_id"])
        b.random_clicks(s, t, rng.choice((0, 1)))
    elif kind == "identical":
        s = b.search(session_id, t, search_type, experiment, n_results=rng.choice((3, 4, 5)))
        positions = b.allowed_positions(s) or [s["n_results"] + 1]
        t += _gap(rng.choice(CLICK_GAPS))
        b.click(s, positions[0], t)
        if rng.random() < 0.5 and len(positions) > 1:
            b.click(s, positions[1], t)  # two clicks at the same instant
        s = b.search(session_id, t, search_type, experiment, previous=s["query_id"])  # at the click's instant
        t = b.random_clicks(s, t, rng.choice((1, 2)))
        t += _gap(rng.choice(NEXT_SEARCH_GAPS))
        b.search(session_id, t, search_type, experiment, previous=s["query_id"])
    elif kind == "reformulate":
        s = b.search(session_id, t, search_type, experiment)
        # a new query within the gap (300 s exactly, or less), beyond the custom gap (60 s) only, beyond 300 s
        for gap in (rng.choice((0, 30, 60, 120, 300, 300)), rng.choice((61, 121)), rng.choice((301, 900))):
            t += _gap(gap)
            s = b.search(session_id, t, search_type, experiment, previous=s["query_id"])
        if rng.random() < 0.5:  # a search with a null query
            t += _gap(rng.choice((0, 30, 60)))
            s = b.search(session_id, t, search_type, experiment, query=None)
        t = b.random_clicks(s, t, rng.choice((0, 1)))
        t += _gap(rng.choice(NEXT_SEARCH_GAPS))
        b.search(session_id, t, search_type, experiment, query=s["query_id"] if rng.random() < 0.5 else "new",
                 previous=s["query_id"])
    elif kind == "no_impression":
        s = b.search(session_id, t, search_type, experiment, impressions=False)
        t += _gap(rng.choice(CLICK_GAPS))
        b.click(s, rng.randint(1, 3), t)
        t += _gap(rng.choice(NEXT_SEARCH_GAPS))
        s = b.search(session_id, t, search_type, experiment, previous=s["query_id"])
        t += _gap(rng.choice(CLICK_GAPS))
        b.click(s, s["n_results"] + 1, t)  # past the impressions: credits nobody
        b.random_clicks(s, t, rng.choice((0, 1)))
    elif kind == "returns":
        s = b.search(session_id, t, search_type, experiment, n_results=rng.choice((3, 4, 5)))
        positions = b.allowed_positions(s) or [1, 2]
        t += _gap(rng.choice(CLICK_GAPS))
        b.click(s, positions[0], t)
        back = t + _gap(rng.choice((600, 600, 601, 120, 121)))
        if rng.random() < 0.5 and len(positions) > 1:
            b.click(s, positions[-1], back)  # another click on the same search
            back += _gap(rng.choice(NEXT_SEARCH_GAPS))
        s = b.search(session_id, back, search_type, experiment, previous=s["query_id"])
        b.random_clicks(s, back, rng.choice((0, 1)))
    elif kind == "visits":
        s = b.search(session_id, t, search_type, experiment)
        t = b.random_clicks(s, t, 2)
        for click, seconds in zip(b.clicks[-2:], (10, rng.choice((20, 30, 30.5, 60, 0)))):
            b.forced_visits.append((click["search_id"], click["position"], seconds))
        t += _gap(rng.choice(NEXT_SEARCH_GAPS))
        b.search(session_id, t, search_type, experiment, previous=s["query_id"])
    else:  # random
        previous = None
        for _ in range(rng.randint(1, 4)):
            if rng.random() < 0.15:  # a mixed day: one search of the other type
                search_type = "autocomplete" if search_type == "fulltext" else "fulltext"
            s = b.search(session_id, t, search_type, experiment, previous=previous,
                         query=None if rng.random() < 0.15 else "new")
            previous = s["query_id"]
            t = b.random_clicks(s, t, rng.choice((0, 0, 1, 1, 2, 3)))
            t += _gap(rng.choice(NEXT_SEARCH_GAPS))


def log_hard_cases(log, gap_seconds=300, threshold_seconds=10, checkin_seconds=DEFAULT_CHECKIN_SECONDS) -> dict:
    """{hard case: how many times it occurs in the log}, counted from the log itself (and the reference's units
    and dwells), so a test can fail when a generator change stops producing one."""
    searches, clicks, impressions = log["searches"], log["clicks"], log["impressions"]
    known = _known_searches(searches)
    first = first_clicks(searches, clicks)
    units = interleaving_units(searches, clicks, impressions)
    shown = {(i["search_id"], i["position"]) for i in impressions}
    with_impressions = {i["search_id"] for i in impressions}
    counts = {}

    def count(name, n):
        counts[name] = counts.get(name, 0) + n

    count("interleaving tie", sum(1 for u in units if u["outcome"] == "tie"))
    count("interleaved unit without team click", sum(1 for u in units if u["outcome"] is None))
    sessions = {}
    for s in searches:
        sessions.setdefault(_day_session(s), []).append(s["search_id"])
    clicked_searches = {sid for sid, _ in first}
    count("day-session without click",
          sum(1 for members in sessions.values() if not clicked_searches.intersection(members)))
    n_rows = {}
    for c in clicks:
        if c["search_id"] in known:
            key = (c["search_id"], c["position"])
            n_rows[key] = n_rows.get(key, 0) + 1
    count("repeated click", sum(1 for n in n_rows.values() if n > 1))
    count("click after midnight", sum(1 for (sid, _), at in first.items()
                                      if at.date() > known[sid]["searched_at"].date()))
    per_day = {}
    for u in units:
        d = per_day.setdefault((u["experiment"], u["search_date"]), [0, 0])
        d[0] += u["credits_a"]
        d[1] += u["credits_b"]
    count("one-sided experiment day", sum(1 for a, b in per_day.values() if (a == 0) != (b == 0)))
    events = {}
    for s in searches:
        events.setdefault(_day_session(s), []).append(("search", s["searched_at"]))
    for (sid, _), at in first.items():
        events[_day_session(known[sid])].append(("click", at))
    count("click at the instant of a search", sum(
        1 for ev in events.values() for kind, at in ev if kind == "click" and ("search", at) in ev))
    within = beyond = 0
    for day_session, members in sessions.items():
        ordered = sorted((known[sid] for sid in members), key=lambda s: (s["searched_at"], str(s["search_id"])))
        times = [at for kind, at in events[day_session] if kind == "click"]
        for s, n in zip(ordered, ordered[1:]):
            if s["query_id"] is None or n["query_id"] is None or n["query_id"] == s["query_id"]:
                continue
            if any(s["searched_at"] <= c < n["searched_at"] for c in times):
                continue
            if n["searched_at"] - s["searched_at"] <= timedelta(seconds=gap_seconds):
                within += 1
            else:
                beyond += 1
    count("reformulation within the gap", within)
    count("query change beyond the gap", beyond)
    count("click on a position without impression",
          sum(1 for key in first if key[0] in with_impressions and key not in shown))
    count("interleaved search without impressions",
          sum(1 for s in searches if s.get("experiment") is not None and s["search_id"] not in with_impressions))
    event_dwells = click_dwells(searches, clicks)
    visit_dwells = click_dwells(searches, clicks, log["page_visits"])
    visited = {(v["search_id"], v["position"]) for v in log["page_visits"]}
    count("dwell equal to the threshold (next event)",
          sum(1 for d in event_dwells if not d["censored"] and d["dwell_seconds"] == threshold_seconds))
    count("dwell equal to the threshold (page visit)",
          sum(1 for d in visit_dwells if (d["search_id"], d["position"]) in visited
              and d["dwell_seconds"] == threshold_seconds))
    count("dwell equal to another check-in time", sum(
        1 for d in visit_dwells if not d["censored"] and d["dwell_seconds"] != threshold_seconds
        and d["dwell_seconds"] in checkin_seconds))
    count("censored click", sum(1 for d in visit_dwells if d["censored"]))
    return counts
