"""Misconfigured vars fail at compile time with a message that names the rule."""

import json
import re

import pytest
import yaml

from harness import INPUT_SCHEMA, REPO_ROOT
from var_rules import assert_compile_error, errors_in_one_context

INPUTS = {"search_metrics_results": f"{INPUT_SCHEMA}.results",
          "search_metrics_judgments": f"{INPUT_SCHEMA}.judgments"}

CASES = {
    "cutoff below 1": ({"search_metrics_cutoffs": [0, 5]}, "every cutoff k must be a whole number >= 1"),
    "fractional cutoff": ({"search_metrics_cutoffs": [2.5]}, "every cutoff k must be a whole number >= 1"),
    "cutoffs not a list": ({"search_metrics_cutoffs": "ten"}, "search_metrics_cutoffs must be a non-empty list"),
    "empty metric list": ({"search_metrics_metrics": []}, "search_metrics_metrics must be a non-empty list"),
    "unknown metric": ({"search_metrics_metrics": ["ndgc"]}, "unknown metric 'ndgc'"),
    "unknown type": ({"search_metrics_metrics": [{"name": "x", "type": "f1"}]}, "has unknown type 'f1'"),
    "unknown base": ({"search_metrics_metrics": [{"name": "x", "base": "map"}]}, "has unknown base 'map'"),
    "bad gain": ({"search_metrics_metrics": [{"name": "x", "base": "ndcg", "gain": "cubic"}]},
                 "gain must be one of linear, exponential, got cubic"),
    "unknown parameter": ({"search_metrics_metrics": [{"name": "x", "type": "cg", "threshold": 2}]},
                          "has unknown parameter 'threshold'"),
    "threshold needed": ({"search_metrics_metrics": [{"name": "x", "type": "recall", "scale": "graded"}]},
                         "needs a threshold"),
    "duplicate name": ({"search_metrics_metrics": ["ndcg", {"name": "ndcg", "type": "dcg"}]}, "is listed twice"),
    "g_max too small": ({"search_metrics_metrics": [{"name": "x", "base": "err", "scale": "detail", "g_max": 3}]},
                        "g_max 3 is below the detail scale's top grade 10"),
    "g_max below a declared max grade": ({"search_metrics_max_grade": 4,
                                          "search_metrics_metrics": [{"name": "x", "base": "err", "g_max": 3}]},
                                         "g_max 3 is below the graded scale's top grade 4"),
    "max grade not whole": ({"search_metrics_max_grade": 2.5}, "search_metrics_max_grade must be a whole number >= 1"),
    "max grade 0": ({"search_metrics_max_grade": 0}, "search_metrics_max_grade must be a whole number >= 1"),
    "relevance level above max grade": ({"search_metrics_max_grade": 2, "search_metrics_relevance_level": 3},
                                        "search_metrics_relevance_level must be a whole number from 1 to "
                                        "search_metrics_max_grade (2)"),
    "unknown negative reading": ({"search_metrics_negative_grades": "ignore"},
                                 "search_metrics_negative_grades must be reject, unjudged or zero"),
    "unknown rank source": ({"search_metrics_rank_from": "position"}, "search_metrics_rank_from must be rank or score"),
    "automated raters not a list": ({"search_metrics_automated_raters": "llm:*"},
                                    "search_metrics_automated_raters must be a list of rater_ids"),
    "automated raters a bare star": ({"search_metrics_automated_raters": ["llm:*", "*"]},
                                     "a bare '*' is not allowed"),
    "automated rater empty": ({"search_metrics_automated_raters": [" "]},
                              "search_metrics_automated_raters must be a list of rater_ids (non-empty text"),
    "unknown judging key": ({"search_metrics_judgment_coverage": {"depth": 5}},
                            "search_metrics_judgment_coverage has an unknown key 'depth'"),
    "pool depth 0": ({"search_metrics_judgment_coverage": {"pool_depth": 0}},
                     "search_metrics_judgment_coverage.pool_depth must be a whole number from 1 to"),
    "judging persistence 1": ({"search_metrics_judgment_coverage": {"persistence": 1}},
                              "search_metrics_judgment_coverage.persistence must be a number with 0 < p < 1, got 1"),
    "judging budget fractional": ({"search_metrics_judgment_coverage": {"budget_per_query": 2.5}},
                                  "search_metrics_judgment_coverage.budget_per_query must be a whole number >= 1"),
    "rbp without persistence": ({"search_metrics_metrics": [{"name": "x", "type": "rbp"}]},
                                "needs a persistence p with 0 < p < 1"),
    "rbp persistence 1": ({"search_metrics_metrics": [{"name": "x", "base": "rbp_p80", "persistence": 1}]},
                          "needs a persistence p with 0 < p < 1"),
    "count without what": ({"search_metrics_metrics": [{"name": "x", "type": "count"}]},
                           "of type count needs count: relevant, retrieved or relevant_retrieved"),
    "condensed not a flag": ({"search_metrics_metrics": [{"name": "x", "base": "ndcg_pool", "condensed": "yes"}]},
                             "condensed must be one of"),
    "transformer outside a declared scale": ({"search_metrics_max_grade": 4,
                                              "search_metrics_transformers": {"graded_to_binary": {0: 0, 1: 1, 2: 1,
                                                                                                   3: 1}}},
                                             "does not map graded grade 4"),
    "unknown transformer": ({"search_metrics_transformers": {"graded_to_stars": {0: 0}}},
                            "unknown transformer 'graded_to_stars'"),
    "transformer misses a grade": ({"search_metrics_transformers": {"graded_to_binary": {0: 0, 1: 0, 2: 1}}},
                                   "does not map graded grade 3"),
    "transformer target off scale": ({"search_metrics_transformers": {"binary_to_graded": {0: 0, 1: 5}}},
                                     "which is not a graded grade"),
    "too few shared items for kappa": ({"search_metrics_agreement_min_shared_items": 1},
                                       "search_metrics_agreement_min_shared_items must be a whole number of at least 2"),
    "fractional shared items": ({"search_metrics_agreement_min_shared_items": 2.5},
                                "search_metrics_agreement_min_shared_items must be a whole number of at least 2"),
    "family switch not a bool": ({"search_metrics_enable_judgment_metrics": "yes"},
                                 "search_metrics_enable_judgment_metrics must be true, false or null"),
    "family switched on without its inputs": ({"search_metrics_enable_clicks": True},
                                              "search_metrics_enable_clicks is true, but the clicks family needs "
                                              "the vars search_metrics_searches, search_metrics_clicks set"),
    "family switched on without the family it needs": (
        {"search_metrics_enable_judgment_metrics": False, "search_metrics_enable_comparisons": True},
        "search_metrics_enable_comparisons is true, but the comparisons family needs no input "
        "and the judgment_metrics family on"),
    # retired vars fail whatever the families (here only judgment_metrics is on), naming their replacement
    "retired switch of the bucket comparisons": (
        {"search_metrics_enable_bucket_comparisons": False},
        "var search_metrics_enable_bucket_comparisons was retired with search_paulscore_comparison; use "
        "search_metrics_enable_experiments"),
    "retired bucket pairs": (
        {"search_metrics_bucket_comparisons": [["control", "treatment"]]},
        "var search_metrics_bucket_comparisons was retired with search_paulscore_comparison; use "
        "search_metrics_experiments: {baseline: <bucket>}"),
    # the judgment families' old names (renamed so that each name says what its tables hold)
    **{f"renamed var {old}": ({old: value}, f"var {old} was renamed with its family, so that each family name says "
                                            f"what its tables hold; use {new}")
       for old, new, value in [
           ("search_metrics_enable_judged", "search_metrics_enable_judgment_metrics", True),
           ("search_metrics_enable_judging", "search_metrics_enable_judgment_coverage", False),
           ("search_metrics_enable_judges", "search_metrics_enable_judge_validation", True),
           ("search_metrics_enable_llm_judgments", "search_metrics_enable_llm_judge", False),
           ("search_metrics_judging", "search_metrics_judgment_coverage", {"persistence": 0.5}),
           ("search_metrics_llm_judging", "search_metrics_llm_judge", {"max_pairs": 10})]},
}

# The click models' settings are read only when the click_models family is on: these cases set its inputs too.
CLICK_MODEL_INPUTS = {"search_metrics_searches": f"{INPUT_SCHEMA}.searches",
                      "search_metrics_clicks": f"{INPUT_SCHEMA}.clicks",
                      "search_metrics_impressions": f"{INPUT_SCHEMA}.impressions",
                      "search_metrics_query_id_column": "query"}
CLICK_MODEL_CASES = {
    "click model settings not a dict": ({"search_metrics_click_models": ["sdbn"]},
                                        "search_metrics_click_models must be a dict with keys among"),
    "unknown click model key": ({"search_metrics_click_models": {"min_impression": 5}},
                                "search_metrics_click_models has an unknown key 'min_impression'"),
    "unknown click model": ({"search_metrics_click_models": {"models": ["sdbn", "ubm"]}},
                            "search_metrics_click_models.models must be a non-empty list of sdbn, coec, pbm"),
    "min impressions 0": ({"search_metrics_click_models": {"min_impressions": 0}},
                          "search_metrics_click_models.min_impressions must be a whole number >= 1"),
    "prior 0": ({"search_metrics_click_models": {"sdbn_beta": 0}},
                "search_metrics_click_models.sdbn_beta must be a finite number > 0"),
    "unknown unclicked reading": ({"search_metrics_click_models": {"sdbn_unclicked": "ignore"}},
                                  "search_metrics_click_models.sdbn_unclicked must be examine_all or skip"),
    "too many EM iterations": ({"search_metrics_click_models": {"pbm_iterations": 101}},
                               "search_metrics_click_models.pbm_iterations must be a whole number from 1 to 100"),
    "thresholds not one per grade": ({"search_metrics_click_models": {"grade_thresholds": [0.2, 0.5]}},
                                     "search_metrics_click_models.grade_thresholds must be a list of 3 numbers"),
    "thresholds not ascending": ({"search_metrics_click_models": {"grade_thresholds": [0.2, 0.2, 0.5]}},
                                 "search_metrics_click_models.grade_thresholds must be strictly ascending"),
    "query column not a column name": ({"search_metrics_query_id_column": "lower(query)"},
                                       "search_metrics_query_id_column must name a column of the searches input"),
}
CASES.update({name: ({**CLICK_MODEL_INPUTS, **bad}, message) for name, (bad, message) in CLICK_MODEL_CASES.items()})

ONLINE_INPUTS = {**CLICK_MODEL_INPUTS, "search_metrics_team_column": "ranker",
                 "search_metrics_experiment_column": "experiment"}
ONLINE = "search_metrics_online_evaluation"
ONLINE_CASES = {
    "online settings not a dict": ({ONLINE: [10]}, f"{ONLINE} must be a dict"),
    "unknown online key": ({ONLINE: {"dwell_threshold": 30}}, f"{ONLINE} has an unknown key 'dwell_threshold'"),
    "unknown interleaving unit": ({ONLINE: {"interleaving_unit": "query"}},
                                  f"{ONLINE}.interleaving_unit must be search or session"),
    "dwell threshold 0": ({ONLINE: {"dwell_threshold_seconds": 0}},
                          f"{ONLINE}.dwell_threshold_seconds must be a finite, positive number of seconds"),
    "negative return window": ({ONLINE: {"return_window_seconds": -1}},
                               f"{ONLINE}.return_window_seconds must be a finite, positive number of seconds"),
    "reformulation gap not a number": ({ONLINE: {"reformulation_gap_seconds": "5m"}},
                                       f"{ONLINE}.reformulation_gap_seconds must be a finite, non-negative number "
                                       "of seconds"),
    "check-ins not ascending": ({ONLINE: {"checkin_seconds": [10, 60, 30]}},
                                f"{ONLINE}.checkin_seconds must be strictly ascending finite numbers >= 0"),
    "check-ins empty": ({ONLINE: {"checkin_seconds": []}}, f"{ONLINE}.checkin_seconds must be a non-empty list"),
    "team column not a column name": ({"search_metrics_team_column": "ranker-id"},
                                      "search_metrics_team_column must name a column of the impressions input"),
    "experiment column not a column name": ({"search_metrics_experiment_column": "exp id"},
                                            "search_metrics_experiment_column must name a column of the searches input"),
    "interleaving forced on without a team column": (
        {"search_metrics_team_column": None, "search_metrics_enable_interleaving": True},
        "search_metrics_enable_interleaving is true, but the interleaving family needs the vars"),
}
CASES.update({name: ({**ONLINE_INPUTS, **bad}, message) for name, (bad, message) in ONLINE_CASES.items()})

# The experiments' settings and columns are read when the experiments family is on (clicks and a bucket column).
EXPERIMENT_INPUTS = {"search_metrics_searches": f"{INPUT_SCHEMA}.searches",
                     "search_metrics_clicks": f"{INPUT_SCHEMA}.clicks", "search_metrics_bucket_column": "bucket"}
EXPERIMENTS = "search_metrics_experiments"
EXPERIMENT_CASES = {
    "unknown experiments key": ({EXPERIMENTS: {"cuped_day": 7}}, f"{EXPERIMENTS} has an unknown key 'cuped_day'"),
    "baseline a list": ({EXPERIMENTS: {"baseline": ["control"]}},
                        f"{EXPERIMENTS}.baseline must be a bucket name, a dict {{experiment: bucket}} of non-empty "
                        "names (text or numbers), or null, got ['control']"),
    "baseline with an empty bucket": ({EXPERIMENTS: {"baseline": {"exp1": " "}}},
                                      f"{EXPERIMENTS}.baseline must be a bucket name"),
    "expected share 0": ({EXPERIMENTS: {"expected_shares": {"control": 1, "treatment": 0}}},
                         f"{EXPERIMENTS}.expected_shares must give each bucket a finite weight > 0, got 0 for "
                         "bucket treatment"),
    "cuped days not whole": ({EXPERIMENTS: {"cuped_days": 7.5}},
                             f"{EXPERIMENTS}.cuped_days must be a whole number of days from 1 to 3650"),
    "cuped days beyond ten years": ({EXPERIMENTS: {"cuped_days": 3651}},
                                    f"{EXPERIMENTS}.cuped_days must be a whole number of days from 1 to 3650"),
    "srm p-value 1": ({EXPERIMENTS: {"srm_p_value": 1}},
                      f"{EXPERIMENTS}.srm_p_value must be a number between 0 and 1 (exclusive), got 1"),
    "sequential tuning 0": ({EXPERIMENTS: {"sequential_tuning": 0}},
                            f"{EXPERIMENTS}.sequential_tuning must be a finite number > 0"),
    "unknown main metric": ({EXPERIMENTS: {"main_metric": "ctr"}},
                            f"{EXPERIMENTS}.main_metric must be one of the experiment metrics of this configuration, zero_result_rate, clickthrough_rate, "
                            "abandonment_rate, mean_first_click_position, clicks_per_search, "
                            "mean_seconds_to_first_click, paulscore, satisfied_click_rate, return_rate, "
                            # no reformulation_rate: these vars set no query column
                            "searches_per_unit, clicked_unit_rate, threshold_pass_rate, got ctr"),
    "bucket column not a name": ({"search_metrics_bucket_column": "bucket; drop table x"},
                                 "search_metrics_bucket_column must name a column of the searches input"),
    "unit column not a name": ({"search_metrics_unit_column": "user id"},
                               "search_metrics_unit_column must name a column of the searches input"),
}
CASES.update({name: ({**EXPERIMENT_INPUTS, **bad}, message) for name, (bad, message) in EXPERIMENT_CASES.items()})

# The llm_judge family's settings are read only when it is on: its two text inputs set (judgment_coverage is on with the
# judged inputs), and llm:* automated, since the default rater_id llm:umbrela must be. DuckDB has no LLM function, so
# every case but the first sets one.
LLM_INPUTS = {"search_metrics_queries": f"{INPUT_SCHEMA}.queries",
              "search_metrics_documents": f"{INPUT_SCHEMA}.documents",
              "search_metrics_automated_raters": ["sdbn", "coec", "pbm", "llm:*"]}
LLM = "search_metrics_llm_judge"
LLM_CASES = {
    "llm function missing on duckdb": ({}, f"{LLM}.function is null, but duckdb has no LLM function of its own"),
    "llm settings not a dict": ({LLM: "llm_stub"}, f"{LLM} must be a dict with keys among"),
    "unknown llm key": ({LLM: {"function": "f", "endpoint": "x"}}, f"{LLM} has an unknown key 'endpoint'"),
    "llm function not a name": ({LLM: {"function": "f(x)"}},
                                f"{LLM}.function must be the name (or schema.name) of a SQL function"),
    "llm model beside a function": ({LLM: {"function": "f", "model": "llama3.1-70b"}},
                                    f"{LLM}.model is read by the warehouse's own function only"),
    "llm model not a name": ({LLM: {"function": "f", "model": "x'); drop table t; --"}},
                             f"{LLM}.model must be a model or endpoint name"),
    "llm connection off BigQuery": ({LLM: {"function": "f", "connection_id": "us.llm"}},
                                    f"{LLM}.connection_id is read by BigQuery's AI.GENERATE only"),
    "llm connection not a name": ({LLM: {"function": "f", "connection_id": "us llm"}},
                                  f"{LLM}.connection_id must be a connection name"),
    "prompt without the passage": ({LLM: {"function": "f", "prompt_template": "Query: {query}"}},
                                   f"{LLM}.prompt_template must be text with the placeholders {{query}} and {{passage}}"
                                   " (the query's and the document's text), or null (UMBRELA's prompt); it lacks "
                                   "{passage}"),
    "prompt not text": ({LLM: {"function": "f", "prompt_template": 3}},
                        f"{LLM}.prompt_template must be text with the placeholders"),
    "empty rater": ({LLM: {"function": "f", "rater_id": " "}}, f"{LLM}.rater_id must be non-empty text"),
    "llm rater not automated": ({LLM: {"function": "f", "rater_id": "gpt4"}},
                                f"{LLM}.rater_id 'gpt4' is not an automated rater: add it, or a prefix pattern such "
                                "as 'llm:*', to var search_metrics_automated_raters"),
    "default llm rater with the default automated raters": (
        {"search_metrics_automated_raters": ["sdbn", "coec", "pbm"], LLM: {"function": "f"}},
        f"{LLM}.rater_id 'llm:umbrela' is not an automated rater"),
    "llm cap 0": ({LLM: {"function": "f", "max_pairs_per_run": 0}},
                  f"{LLM}.max_pairs_per_run must be a whole number from 1 to 2147483647"),
    "llm cap fractional": ({LLM: {"function": "f", "max_pairs_per_run": 2.5}},
                           f"{LLM}.max_pairs_per_run must be a whole number from 1 to 2147483647"),
    "llm family switched on without its texts": (
        {"search_metrics_documents": None, "search_metrics_enable_llm_judge": True},
        "search_metrics_enable_llm_judge is true, but the llm_judge family needs the vars "
        "search_metrics_queries, search_metrics_documents set and the judgment_coverage family on"),
}
CASES.update({name: ({**LLM_INPUTS, **bad}, message) for name, (bad, message) in LLM_CASES.items()})

# the parameters of trec_eval's measure types (test_trec_measures.py)
CASES.update({
    "set_f negative beta": ({"search_metrics_metrics": [{"name": "x", "type": "set_f", "beta": -1}]},
                            "of type set_f needs beta >= 0"),
    "r_precision_multiple without multiple": ({"search_metrics_metrics": [{"name": "x", "type": "r_precision_multiple"}]},
                                              "of type r_precision_multiple needs a multiple > 0 of R"),
    "r_precision_multiple 0": ({"search_metrics_metrics": [{"name": "x", "type": "r_precision_multiple",
                                                            "multiple": 0}]},
                               "of type r_precision_multiple needs a multiple > 0 of R"),
    "utility d without collection size": ({"search_metrics_metrics": [{"name": "x", "type": "utility", "d": 0.5}]},
                                          "of type utility with d != 0 needs collection_size"),
    "utility fractional collection size": ({"search_metrics_metrics": [{"name": "x", "type": "utility", "d": 1,
                                                                        "collection_size": 10.5}]},
                                           "of type utility with d != 0 needs collection_size"),
})

# trec_eval's conventions (get_trec_eval_settings): read by interpolated_precision (the built-in 11-point AP) and the
# trec_eval family
TE = "search_metrics_trec_eval"
CASES.update({
    "unknown trec_eval key": ({TE: {"verison": 9}}, f"{TE} has an unknown key 'verison'"),
    "trec_eval version 11": ({TE: {"version": 11}}, f"{TE}.version must be 9 or 10"),
    "trec_eval complete not a flag": ({TE: {"complete": "yes"}}, f"{TE}.complete must be true or false"),
    "trec_eval max_results 0": ({TE: {"max_results": 0}}, f"{TE}.max_results must be a whole number from 1 to"),
    "trec_eval zscores not a relation": ({TE: {"zscores": ["z"]}}, f"{TE}.zscores must be a relation"),
    "trec_eval zscores with a statement": ({TE: {"zscores": "z; drop table x"}}, f"{TE}.zscores"),
    # dbt does not render a dict var's text: the package reads ref() and source() itself, and no other Jinja
    "trec_eval zscores other Jinja": ({TE: {"zscores": "{{ var('my_zscores') }}"}},
                                      f"{TE}.zscores must name a relation as 'schema.table', \"{{{{ ref('model') }}}}\", "
                                      "\"{{ ref('package', 'model') }}\" or \"{{ source('source_name', 'table_name') }}\""
                                      " (dbt does not render the text of a key of a dict var, so the package reads "
                                      "these forms itself), or hold one SQL expression without Jinja; got "
                                      "{{ var('my_zscores') }}"),
    "trec_eval zscores ref of three names": ({TE: {"zscores": "{{ ref('a', 'b', 'c') }}"}},
                                             f"{TE}.zscores must name a relation as"),
    "trec_eval zscores source of one name": ({TE: {"zscores": "{{ source('stats') }}"}},
                                             f"{TE}.zscores must name a relation as"),
    "trec_eval zscores ref with an empty name": ({TE: {"zscores": "{{ ref('') }}"}},
                                                 f"{TE}.zscores must name a relation as"),
    "trec_eval zscores ref and more": ({TE: {"zscores": "{{ ref('z') }} where 1 = 1"}},
                                       f"{TE}.zscores must name a relation as"),
    "trec_eval cutoff 0": ({TE: {"cutoffs": [0, 5]}}, f"{TE}.cutoffs must be a non-empty list of whole numbers"),
    "trec_eval success cutoffs empty": ({TE: {"success_cutoffs": []}},
                                        f"{TE}.success_cutoffs must be a non-empty list of whole numbers"),
    "trec_eval unjudged cutoff fractional": ({TE: {"unjudged_cutoffs": [5, 7.5]}},
                                             f"{TE}.unjudged_cutoffs must be a non-empty list of whole numbers"),
    "trec_eval multiple 0": ({TE: {"rprec_multiples": [0, 1]}}, f"{TE}.rprec_multiples must be a non-empty list"),
    "trec_eval unknown utility key": ({TE: {"utility": {"e": 1}}}, f"{TE}.utility has an unknown key 'e'"),
    "trec_eval utility not a number": ({TE: {"utility": {"a": "one"}}}, f"{TE}.utility.a must be a finite number"),
    "trec_eval negative collection size": ({TE: {"collection_size": -1}},
                                           f"{TE}.collection_size must be a whole number >= 0"),
    "trec_eval family switched on without judged": ({"search_metrics_enable_judgment_metrics": False,
                                                     "search_metrics_enable_trec_eval": True},
                                                    "search_metrics_enable_trec_eval is true, but the trec_eval "
                                                    "family needs no input and the judgment_metrics family on"),
})

SUBTOPIC_INPUT = {"search_metrics_subtopic_judgments": f"{INPUT_SCHEMA}.subtopics"}
DIVERSITY_CASES = {
    "diversity type without subtopic judgments": (
        {"search_metrics_metrics": [{"name": "x", "type": "nrbp"}]},
        "metric 'x' of type nrbp reads the subtopic judgments: set var search_metrics_subtopic_judgments"),
    "alpha above 1": ({**SUBTOPIC_INPUT, "search_metrics_metrics": [{"name": "x", "type": "alpha_ndcg", "alpha": 1.5}]},
                      "metric 'x': alpha must be a number from 0 to 1"),
    "beta below 0": ({**SUBTOPIC_INPUT, "search_metrics_metrics": [{"name": "x", "type": "nrbp", "beta": -0.1}]},
                     "metric 'x': beta must be a number from 0 to 1"),
    "depth above 100": ({**SUBTOPIC_INPUT, "search_metrics_metrics": [{"name": "x", "type": "alpha_ndcg", "depth": 101}]},
                        "metric 'x': depth must be a whole number from 1 to 100"),
    "fractional depth": ({**SUBTOPIC_INPUT, "search_metrics_metrics": [{"name": "x", "type": "err_ia", "depth": 2.5}]},
                         "metric 'x': depth must be a whole number from 1 to 100"),
    "max_rank 0": ({**SUBTOPIC_INPUT, "search_metrics_metrics": [{"name": "x", "type": "map_ia", "max_rank": 0}]},
                   "metric 'x': max_rank must be a whole number >= 1"),
    "fractional max_rank": ({**SUBTOPIC_INPUT, "search_metrics_metrics": [{"name": "x", "type": "nnrbp",
                                                                           "max_rank": 4.5}]},
                            "metric 'x': max_rank must be a whole number >= 1"),
    "unknown no_subtopic": ({**SUBTOPIC_INPUT, "search_metrics_metrics": [{"name": "x", "type": "alpha_dcg",
                                                                           "no_subtopic": "nan"}]},
                            "metric 'x': no_subtopic must be one of null, zero, got nan"),
}
CASES.update(DIVERSITY_CASES)

# The counterfactual family's settings (get_counterfactual_settings): read when the click models are on and candidates
# are set.
CF = "search_metrics_counterfactual"
COUNTERFACTUAL_INPUTS = {**CLICK_MODEL_INPUTS, "search_metrics_counterfactual_candidates": ["run_a"]}
COUNTERFACTUAL_CASES = {
    "candidates a number": ({"search_metrics_counterfactual_candidates": 5},
                            "search_metrics_counterfactual_candidates must be a non-empty list of run_ids"),
    "candidate not text": ({"search_metrics_counterfactual_candidates": ["run_a", 7]},
                           "search_metrics_counterfactual_candidates: every candidate must be a run_id (text)"),
    "unknown counterfactual key": ({CF: {"cutoff": [3]}}, f"{CF} has an unknown key 'cutoff'"),
    "counterfactual cutoff 0": ({CF: {"cutoffs": [0, 3]}}, f"{CF}.cutoffs must be whole numbers from 1 to 100"),
    "counterfactual cutoff above 100": ({CF: {"cutoffs": [101]}}, f"{CF}.cutoffs must be whole numbers from 1 to 100"),
    "propensity column not a name": ({CF: {"propensity_column": "p-shown"}},
                                     f"{CF}.propensity_column must be null or the plain name of a column"),
    "prefix propensity alone": ({CF: {"prefix_propensity_column": "p_prefix"}},
                                f"{CF}.prefix_propensity_column needs propensity_column set too"),
    "counterfactual confidence 1": ({CF: {"confidence": 1}}, f"{CF}.confidence must be a number with 0 < confidence < 1"),
    "negative ess floor": ({CF: {"min_effective_sample_size": -1}}, f"{CF}.min_effective_sample_size must be a number >= 0"),
    "counterfactual without pbm": ({"search_metrics_click_models": {"models": ["sdbn"]}},
                                   "the counterfactual family reads PBM's examination and attractiveness"),
}
CASES.update({name: ({**COUNTERFACTUAL_INPUTS, **bad}, message) for name, (bad, message) in COUNTERFACTUAL_CASES.items()})


# How a case is checked (var_rules.py): every set of bad vars of this module goes through the getter macros and
# family_enabled in one dbt context (one compile, a few milliseconds a set, where a whole-project parse per set took
# about 0.75 s); a set for which that gives no message or another rule's (a rule raised while a model's SQL is
# rendered, outside a getter) gets a whole-project parse. The sets below get both, one
# per group of getters (judged, family switches, retired vars, a getter a macro calls, click models, online,
# experiments, LLM judging, the non-finite numbers), so that a real parse is seen to fail with the same message.
WHOLE_PARSE_CASES = {"cutoff below 1", "unknown metric", "family switched on without the family it needs",
                     "retired bucket pairs", "renamed var search_metrics_judging", "transformer misses a grade", "click model settings not a dict",
                     "unknown online key", "unknown experiments key", "llm cap 0"}
WHOLE_PARSE_NON_FINITE = {("search_metrics_cutoffs", "nan"), ("search_metrics_click_models.sdbn_alpha", "inf")}

# The risk settings (get_risk_settings: search_run_risk, search_run_georisk), read when the comparisons family is on.
RISK = "search_metrics_risk"
RISK_ALPHAS = f"{RISK}.alphas must be a non-empty list of finite numbers >= 0, none twice"
CASES.update({
    "risk settings not a dict": ({RISK: [1, 2]}, f"{RISK} must be a dict with keys among alphas, hurt_threshold"),
    "unknown risk key": ({RISK: {"alpha": [1]}}, f"{RISK} has an unknown key 'alpha'"),
    "risk alphas not a list": ({RISK: {"alphas": 5}}, f"{RISK_ALPHAS}, got 5"),
    "risk alphas empty": ({RISK: {"alphas": []}}, f"{RISK_ALPHAS}, got []"),
    "negative risk alpha": ({RISK: {"alphas": [1, -1]}}, f"{RISK_ALPHAS}, got -1 in [1, -1]"),
    "risk alpha as text": ({RISK: {"alphas": ["5"]}}, f"{RISK_ALPHAS}, got 5 in ['5'] ('5' is text, not a number"),
    "risk alpha twice": ({RISK: {"alphas": [1, 2, 1.0]}}, f"{RISK_ALPHAS}, got 1.0 twice in [1, 2, 1.0]"),
    "negative hurt threshold": ({RISK: {"hurt_threshold": -0.1}},
                                f"{RISK}.hurt_threshold must be a finite number >= 0, got -0.1"),
    "hurt threshold as text": ({RISK: {"hurt_threshold": "none"}},
                               f"{RISK}.hurt_threshold must be a finite number >= 0, got none"),
})
WHOLE_PARSE_CASES.add("negative risk alpha")  # the risk getter's group, seen failing a real parse too

# The fusions (get_fusions: search_metrics_stg_fused_results and the models that read the fused runs).
FUSIONS = "search_metrics_fusions"


def _fusion(**entry):
    return {FUSIONS: [{"name": "f", "runs": ["a", "b"], "method": "rrf", **entry}]}


CASES.update({
    "fusions not a list": ({FUSIONS: {"name": "f"}}, f"{FUSIONS} must be null or a non-empty list of fusions"),
    "fusions empty": ({FUSIONS: []}, f"{FUSIONS} must be null or a non-empty list of fusions"),
    "fusion not a dict": ({FUSIONS: ["rrf"]}, f"{FUSIONS} must list fusions as dicts"),
    "fusion without a name": ({FUSIONS: [{"runs": ["a", "b"], "method": "rrf"}]}, "every fusion needs a name"),
    "fusion name with @": (_fusion(name="f@w"), "every fusion needs a name (non-empty text without '@')"),
    "fusion listed twice": ({FUSIONS: [{"name": "f", "runs": ["a", "b"], "method": "rrf"}] * 2},
                            f"{FUSIONS} fusion 'f' is listed twice"),
    "unknown fusion key": (_fusion(weights=[1, 1]), f"{FUSIONS} fusion 'f' has an unknown key 'weights'"),
    "fusion of one run": (_fusion(runs=["a"]), "fusion 'f': runs must be a list of at least 2 run_ids"),
    "fusion run twice": (_fusion(runs=["a", "a"]), "fusion 'f': run 'a' is listed twice in runs"),
    "unknown fusion method": (_fusion(method="combsum"), "fusion 'f': method must be one of rrf, isr"),
    "unknown fusion norm": (_fusion(method="sum", norm="minmax"), "fusion 'f': norm must be one of min-max"),
    "borda norm with a rank method": (_fusion(norm="borda"), "fusion 'f': norm borda cannot be used with the rank method rrf"),
    "fusion params not a dict": (_fusion(params=[60]), "fusion 'f': params must be a dict"),
    "k of a method without k": (_fusion(method="sum", params={"k": 10}), "params has the key 'k', which method sum does not take"),
    "negative rrf k": (_fusion(params={"k": -1}), "fusion 'f': params.k must be a finite number >= 0, got -1"),
    "rrf k as text": (_fusion(params={"k": "1e1"}), "params.k must be a finite number >= 0, got 1e1 ('1e1' is text to YAML 1.1"),
    "wsum without weights": (_fusion(method="wsum"), "fusion 'f': method wsum needs params.weights"),
    "weights of the wrong length": (_fusion(method="wsum", params={"weights": [1]}),
                                    "fusion 'f': params.weights must be a list of 2 finite numbers >= 0"),
    "negative weight": (_fusion(method="w_bordafuse", params={"weights": [1, -1]}),
                        "params.weights must be a list of 2 finite numbers >= 0 (one per input run, in the order of runs), not all 0, got -1"),
    "weights all zero": (_fusion(method="wsum", params={"weights": [0, 0]}), "not all 0, got [0, 0]"),
    "weight grid of a rank method": (_fusion(weight_grid=0.1), "fusion 'f': weight_grid is for the weighted methods"),
    "weight grid step not dividing 1": (_fusion(method="wsum", params={"weights": [1, 1]}, weight_grid=0.3),
                                        "fusion 'f': weight_grid must be a list of weight lists or a step s"),
    "weight grid entry too short": (_fusion(method="wsum", params={"weights": [1, 1]}, weight_grid=[[1]]),
                                    "fusion 'f': weight_grid entry 1 must be a list of 2 finite numbers"),
    "weight grid entry twice": (_fusion(method="wsum", params={"weights": [1, 1]}, weight_grid=[[1, 0], [1.0, 0]]),
                                "fusion 'f': weight_grid lists the weights [1.0, 0.0] twice"),
    "holdout share 1": (_fusion(holdout_share=1), "fusion 'f': holdout_share must be a number with 0 <= x < 1, got 1"),
    "fusion of a fusion": ({FUSIONS: [{"name": "f", "runs": ["a", "b"], "method": "rrf"},
                                      {"name": "g", "runs": ["f", "b"], "method": "rrf"}]},
                           "fusion 'g': input run 'f' is a fusion"),
})
WHOLE_PARSE_CASES.add("negative rrf k")  # the fusion getter's group, seen failing a real parse too
# The tests across all systems (get_all_systems_tests_settings: search_run_anova, search_run_tukey_hsd,
# search_run_hsd_groups), checked whenever the var is set.
AST = "search_metrics_all_systems_tests"
AST_RUNS = f"{AST}.runs must be null or a list of at least two different non-empty run_ids"
AST_PERMUTATIONS = f"{AST}.permutations must be a whole number from 1 to 1000000"
CASES.update({
    "all-systems settings not a dict": ({AST: ["run_a", "run_b"]}, f"{AST} must be a dict with keys among runs, permutations, metrics"),
    "unknown all-systems key": ({AST: {"run": ["a", "b"]}}, f"{AST} has an unknown key 'run'"),
    "all-systems runs as text": ({AST: {"runs": "run_a,run_b"}}, f"{AST_RUNS}, got run_a,run_b"),
    "all-systems one run": ({AST: {"runs": ["run_a"]}}, f"{AST_RUNS}, got ['run_a']"),
    "all-systems run twice": ({AST: {"runs": ["a", "b", "a"]}}, f"{AST_RUNS}, got a twice in ['a', 'b', 'a']"),
    "all-systems empty run id": ({AST: {"runs": ["a", " "]}}, f"{AST_RUNS}, got   in ['a', ' ']"),
    "all-systems run id a number": ({AST: {"runs": ["a", 3]}}, f"{AST_RUNS}, got 3 in ['a', 3]"),
    "all-systems zero permutations": ({AST: {"permutations": 0}}, f"{AST_PERMUTATIONS}, got 0"),
    "all-systems fractional permutations": ({AST: {"permutations": 99.5}}, f"{AST_PERMUTATIONS}, got 99.5"),
    "all-systems too many permutations": ({AST: {"permutations": 1000001}}, f"{AST_PERMUTATIONS}, got 1000001"),
    "all-systems permutations as text": ({AST: {"permutations": "100"}}, f"{AST_PERMUTATIONS}, got 100"),
    "all-systems metrics as text": ({AST: {"metrics": "ndcg"}}, f"{AST}.metrics must be null or a non-empty list of configured metric names (var search_metrics_metrics), got ndcg"),
    "all-systems unknown metric": ({AST: {"metrics": ["ndcg", "ndgc"]}}, f"{AST}.metrics must be null or a non-empty list of configured metric names (var search_metrics_metrics), got ndgc in ['ndcg', 'ndgc']"),
})

def _case_vars(case):
    return json.dumps({**INPUTS, **CASES[case][0]})


def _non_finite_vars(setting, bad):
    return _yaml_vars({**ALL_INPUTS, **_with_bad_number(tuple(setting.split(".")), NON_FINITE[bad])})


def _metric_parameter_vars(param, bad):
    return _yaml_vars({**INPUTS, "search_metrics_metrics": [{**METRIC_NUMBER_PARAMS[param], param: NON_FINITE[bad]}]})


def _llm_cap_vars(bad):
    return _yaml_vars({**INPUTS, **LLM_INPUTS, LLM: {"function": "f", "max_pairs_per_run": NON_FINITE[bad]}})


def _cutoff_vars(cutoffs):
    return json.dumps({**INPUTS, "search_metrics_cutoffs": cutoffs})


def _number_text(path):
    """A good number of the setting (its default's last number) written as YAML 1.1 reads it as text: an exponent
    without a sign (5000 -> 5000e0, 0.95 -> 0.95e0; the same happens to 1e6 and 1.0e6)."""
    default = NUMERIC_SETTINGS[path]
    number = default[-1] if isinstance(default, list) else list(default.values())[-1] if isinstance(default, dict) \
        else default
    return f"{number}e0"


def _number_text_vars(setting):
    return _yaml_vars({**ALL_INPUTS, **_with_bad_number(tuple(setting.split(".")), _number_text(tuple(setting.split("."))))})


def _metric_parameter_text_vars(param):
    return _yaml_vars({**INPUTS, "search_metrics_metrics": [{**METRIC_NUMBER_PARAMS[param], param: "1e0"}]})


def _llm_cap_text_vars():
    return _yaml_vars({**INPUTS, **LLM_INPUTS, LLM: {"function": "f", "max_pairs_per_run": "5e0"}})


@pytest.fixture(scope="module")
def one_context_errors(dbt_project):
    """{--vars text: the first var rule's message, or None} for every set of bad vars of this module, from one
    dbt invocation (var_rules.errors_in_one_context)."""
    texts = [_case_vars(case) for case in CASES]
    texts += [_non_finite_vars(".".join(path), bad) for path in NUMERIC_SETTINGS for bad in VAR_NON_FINITE]
    texts += [_metric_parameter_vars(param, bad) for param in METRIC_NUMBER_PARAMS for bad in NON_FINITE]
    texts += [_llm_cap_vars(bad) for bad in NON_FINITE]
    texts += [_cutoff_vars(cutoffs) for cutoffs, ok in CUTOFF_CASES if not ok]
    texts += [_number_text_vars(".".join(path)) for path in NUMERIC_SETTINGS]
    texts += [_metric_parameter_text_vars(param) for param in METRIC_NUMBER_PARAMS] + [_llm_cap_text_vars()]
    return errors_in_one_context(dbt_project, INPUTS, texts)


@pytest.mark.dbt
@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_var_fails_at_compile_time_with_its_rule(dbt_project, one_context_errors, case):
    message = CASES[case][1]

    def check(text):
        assert message in text, text

    assert_compile_error(dbt_project, one_context_errors, _case_vars(case), check, case in WHOLE_PARSE_CASES)


@pytest.mark.dbt
def test_good_vars_parse(dbt_project):
    good = {"search_metrics_cutoffs": [10, 1, 10], "search_metrics_metrics": [
        "ndcg", {"name": "ndcg_exp_detail", "base": "ndcg", "scale": "detail", "gain": "exponential"}],
        "search_metrics_transformers": {"graded_to_binary": {0: 0, 1: 0, 2: 1, 3: 1}}}
    result = dbt_project.invoke(["parse", "--vars", json.dumps({**INPUTS, **good})], target_name="config")
    assert result.success, result.exception


# literal_relation's and duplicate_keys' arguments come from the package's own macros and YAML, not from vars; a
# wrong call is still a compile error that says what is wrong, on every adapter (the checks run before dispatch).
MACRO_CALL_CASES = {
    "literal_relation: no rows": ("literal_relation(['k'], [])",
                                  "literal_relation needs at least one column and one row, got 1 columns and 0 rows"),
    "literal_relation: no columns": (
        "literal_relation([], [[1]])",
        "literal_relation needs at least one column and one row, got 0 columns and 1 rows"),
    "literal_relation: a short row": ("literal_relation(['a', 'b'], [[1, 2], [3]])",
                                      "literal_relation row 2 has 1 values for 2 columns"),
    # a typo in the uniqueness test's hint is an error, not a silent choice of one branch
    "duplicate_keys: unknown way to find repeated hashes": (
        "duplicate_keys('t', ['a'], 'hashed')",
        "duplicate_keys' find_repeated_hashes must be sorted or grouped, got hashed"),
}


@pytest.mark.dbt
@pytest.mark.parametrize("case", sorted(MACRO_CALL_CASES))
def test_wrong_macro_call_fails_at_compile_time_with_its_rule(dbt_project, case):
    call, message = MACRO_CALL_CASES[case]
    events = []  # dbt reports an inline query's compile error in its events ("Error parsing inline query" raised)
    result = dbt_project.invoke(["compile", "--vars", json.dumps(INPUTS), "--inline",
                                 "{{ search_metrics." + call + " }}"], target_name="config",
                                callbacks=[lambda event: events.append(event.info.msg)])
    assert not result.success
    assert any(message in str(text) for text in events), events[-5:]


@pytest.mark.dbt
def test_literal_relation_gives_its_rows(dbt_project):
    """The same call, well formed, compiles to a select of its rows (the default's UNION ALL on DuckDB)."""
    result = dbt_project.invoke(["compile", "--vars", json.dumps(INPUTS), "--inline",
                                 "{{ search_metrics.literal_relation(['a', 'b'], [[1, \"'x'\"], [2, \"'y'\"]]) }}"],
                                target_name="config")
    assert result.success, result.exception
    sql = " ".join(result.result.results[0].node.compiled_code.split())
    assert sql == "select 1 as a, 'x' as b union all select 2 as a, 'y' as b", sql


# ---------------------------------------------------------------------------------------------------------------
# NaN and ±infinity in every numeric var (is_number rejects them; a range check alone lets NaN through)
# ---------------------------------------------------------------------------------------------------------------

# The numeric vars come from the var reference, dbt_project.yml's vars: every default that is a number or a list of
# numbers, dict keys walked (search_metrics_click_models, search_metrics_online_evaluation), so a new numeric var
# gets its cases by itself. Numeric settings whose default is null are listed here with a good value (the bad
# number replaces its last element); test_null_defaulted_numeric_settings_are_still_null keeps the list honest.
PROJECT_VARS = yaml.safe_load((REPO_ROOT / "dbt_project.yml").read_text())["vars"]
NULL_DEFAULT_NUMBERS = {("search_metrics_click_models", "grade_thresholds"): [0.25, 0.5, 0.75],
                        ("search_metrics_experiments", "cuped_days"): 14,
                        ("search_metrics_experiments", "expected_shares"): {"control": 1, "treatment": 2},
                        ("search_metrics_judgment_coverage", "pool_depth"): 5,
                        ("search_metrics_judgment_coverage", "budget_per_query"): 10,
                        ("search_metrics_trec_eval", "max_results"): 5,
                        ("search_metrics_all_systems_tests", "permutations"): 199}
# The metric parameters that take a number (metric_types: 'number'), each with an entry that reads it.
METRIC_NUMBER_PARAMS = {"threshold": {"name": "x", "type": "precision", "scale": "graded"},
                        "g_max": {"name": "x", "base": "err"},
                        "persistence": {"name": "x", "base": "rbp_p80"},
                        "alpha": {"name": "x", "type": "alpha_ndcg"},
                        "beta": {"name": "x", "type": "nrbp"},
                        "depth": {"name": "x", "type": "err_ia"},
                        "max_rank": {"name": "x", "type": "map_ia"},
                        "multiple": {"name": "x", "type": "r_precision_multiple"},
                        **{c: {"name": "x", "type": "utility"} for c in "abcd"},
                        "collection_size": {"name": "x", "type": "utility", "d": 1}}
# Every input and column set, so every family is on and reads its settings.
ALL_INPUTS = {**INPUTS, **ONLINE_INPUTS, "search_metrics_bucket_column": "bucket",
              "search_metrics_counterfactual_candidates": ["run_a"]}
NON_FINITE = {"nan": float("nan"), "inf": float("inf"), "-inf": float("-inf")}
# Per numeric var, NaN and +infinity: the two a range check alone can let through (NaN compares false with every
# bound; +infinity passes a lower bound). -infinity fails every var's lower bound even without is_number, and every
# numeric var has one (counts, days, shares, positive numbers); is_number's own -infinity is checked with the
# metric parameters below (a threshold has no lower bound). (Each case is checked in the one dbt context, var_rules.py.)
VAR_NON_FINITE = ("nan", "inf")


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _numeric_settings(value, path):
    """(path, default) of every number or non-empty list of numbers in a var's default, walking dict keys."""
    if _is_number(value) or (isinstance(value, list) and value and all(map(_is_number, value))):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _numeric_settings(item, path + (key,))


NUMERIC_SETTINGS = {path: default for name, value in PROJECT_VARS.items()
                    for path, default in _numeric_settings(value, (name,))}
NUMERIC_SETTINGS.update(NULL_DEFAULT_NUMBERS)


def _yaml_vars(dbt_vars):
    """--vars as YAML text: .nan / .inf / -.inf (JSON's NaN and Infinity would be strings to dbt's YAML reader)."""
    return yaml.safe_dump(dbt_vars, default_flow_style=True, width=1 << 20).strip()


def _with_bad_number(path, bad):
    default = NUMERIC_SETTINGS[path]
    if isinstance(default, list):
        value = default[:-1] + [bad]
    elif isinstance(default, dict):  # {name: number}: the last name's number
        value = {**default, list(default)[-1]: bad}
    else:
        value = bad
    for key in reversed(path):
        value = {key: value}
    return value


def test_numeric_settings_are_found():
    """The walk finds numbers, lists of numbers and dict keys; bools and text are not numbers."""
    assert NUMERIC_SETTINGS[("search_metrics_cutoffs",)] == [1, 3, 5, 10]
    assert NUMERIC_SETTINGS[("search_metrics_confidence_level",)] == 0.95
    assert NUMERIC_SETTINGS[("search_metrics_click_models", "sdbn_alpha")] == 1
    assert ("search_metrics_online_evaluation", "checkin_seconds") in NUMERIC_SETTINGS
    assert NUMERIC_SETTINGS[("search_metrics_experiments", "srm_p_value")] == 0.001
    assert NUMERIC_SETTINGS[("search_metrics_experiments", "sequential_tuning")] == 5000
    assert ("search_metrics_experiments", "main_metric") not in NUMERIC_SETTINGS
    assert ("search_metrics_examples",) not in NUMERIC_SETTINGS
    assert ("search_metrics_click_models", "models") not in NUMERIC_SETTINGS
    assert len(NUMERIC_SETTINGS) >= 20


def test_null_defaulted_numeric_settings_are_still_null():
    for path in NULL_DEFAULT_NUMBERS:
        value = PROJECT_VARS
        for key in path:
            if value is None:  # a var whose default is null as a whole (search_metrics_all_systems_tests)
                break
            assert key in value, path
            value = value[key]
        assert value is None, f"{path} has a default now; drop it from NULL_DEFAULT_NUMBERS"


def test_metric_number_params_are_every_number_param():
    text = (REPO_ROOT / "macros" / "config" / "metric_types.sql").read_text()
    assert set(re.findall(r"'?(\w+)'?\s*[:=]\s*\['number'", text)) == set(METRIC_NUMBER_PARAMS)


@pytest.mark.dbt
@pytest.mark.parametrize("bad", VAR_NON_FINITE)
@pytest.mark.parametrize("setting", sorted(".".join(path) for path in NUMERIC_SETTINGS))
def test_non_finite_number_fails_at_compile_time_naming_its_var(dbt_project, one_context_errors, setting, bad):
    def check(message):
        assert setting in message and re.search(r"(?<![\w-])" + re.escape(bad) + r"\b", message), message

    assert_compile_error(dbt_project, one_context_errors, _non_finite_vars(setting, bad), check,
                         (setting, bad) in WHOLE_PARSE_NON_FINITE)


@pytest.mark.dbt
@pytest.mark.parametrize("bad", sorted(NON_FINITE))
@pytest.mark.parametrize("param", sorted(METRIC_NUMBER_PARAMS))
def test_non_finite_metric_parameter_fails_naming_metric_and_parameter(dbt_project, one_context_errors, param, bad):
    def check(message):
        assert f"metric 'x': {param} must be a finite number, got {bad}" in message, message

    assert_compile_error(dbt_project, one_context_errors, _metric_parameter_vars(param, bad), check,
                         (param, bad) == ("threshold", "-inf"))


@pytest.mark.dbt
@pytest.mark.parametrize("bad", sorted(NON_FINITE))
def test_non_finite_llm_cap_fails_naming_its_key(dbt_project, one_context_errors, bad):
    """max_pairs_per_run defaults to null and its family is off without its inputs, so the walk above misses it."""
    def check(message):
        assert f"{LLM}.max_pairs_per_run must be a whole number" in message and re.search(
            r"(?<![\w-])" + re.escape(bad) + r"\b", message), message

    assert_compile_error(dbt_project, one_context_errors, _llm_cap_vars(bad), check)


@pytest.mark.dbt
@pytest.mark.parametrize("target", ["duckdb", "postgres", "spark"], ids=lambda target: f"on_{target}")
def test_llm_function_is_required_where_the_warehouse_has_none(dbt_project, target):
    """DuckDB, PostgreSQL and Spark have no LLM function: with the llm_judge family on and no function set, the
    parse fails naming the var, the key and the adapter (no server or JVM is started: a parse does not connect)."""
    result = dbt_project.invoke(["parse", "--target", target, "--vars", json.dumps({**INPUTS, **LLM_INPUTS})],
                                target_name=f"config_{target}")
    assert not result.success
    assert (f"{LLM}.function is null, but {target} has no LLM function of its own" in str(result.exception)), \
        str(result.exception)


# ---------------------------------------------------------------------------------------------------------------
# A number YAML 1.1 reads as text (1e6: dbt reads dbt_project.yml and --vars as YAML 1.1, where a float with an
# exponent needs a point and a signed exponent): every numeric var and metric parameter names the cause
# ---------------------------------------------------------------------------------------------------------------

def _assert_names_the_yaml_cause(message, text):
    """The message quotes the text, says YAML 1.1 reads it as text, and gives a form that YAML 1.1 (PyYAML, dbt's
    reader) reads as the same number."""
    found = re.search(re.escape(f"('{text}' is text to YAML 1.1, which dbt reads vars with: write ") + r"(\S+), with a "
                      r"point and a signed exponent\)", message)
    assert found, message
    written = yaml.safe_load(f"x: {found.group(1)}")["x"]
    assert isinstance(yaml.safe_load(f"x: {text}")["x"], str) and isinstance(written, float), found.group(1)
    assert written == float(text), (written, text)


def test_yaml_reads_an_unsigned_exponent_as_text():
    """The cause itself, on the YAML reader dbt uses: 1e6 and 1.0e6 are text, 1.0e+6 is a number."""
    from dbt.clients.yaml_helper import load_yaml_text

    assert load_yaml_text("a: [1e6, 1.0e6, 1e+6, 1.0e+6]")["a"] == ["1e6", "1.0e6", "1e+6", 1000000.0]


@pytest.mark.dbt
@pytest.mark.parametrize("setting", sorted(".".join(path) for path in NUMERIC_SETTINGS))
def test_number_yaml_reads_as_text_fails_naming_var_and_cause(dbt_project, one_context_errors, setting):
    text = _number_text(tuple(setting.split(".")))

    def check(message):
        assert setting in message, message
        _assert_names_the_yaml_cause(message, text)

    assert_compile_error(dbt_project, one_context_errors, _number_text_vars(setting), check)


@pytest.mark.dbt
@pytest.mark.parametrize("param", sorted(METRIC_NUMBER_PARAMS))
def test_metric_parameter_yaml_reads_as_text_fails_naming_the_cause(dbt_project, one_context_errors, param):
    def check(message):
        assert f"metric 'x': {param} must be a finite number, got 1e0" in message, message
        _assert_names_the_yaml_cause(message, "1e0")

    assert_compile_error(dbt_project, one_context_errors, _metric_parameter_text_vars(param), check)


@pytest.mark.dbt
def test_llm_cap_yaml_reads_as_text_fails_naming_the_cause(dbt_project, one_context_errors):
    def check(message):
        assert f"{LLM}.max_pairs_per_run must be a whole number" in message, message
        _assert_names_the_yaml_cause(message, "5e0")

    assert_compile_error(dbt_project, one_context_errors, _llm_cap_text_vars(), check)


CUTOFF_CASES = [([10, 2147483648], False), ([2 ** 40], False), ([1, 2147483647], True)]


@pytest.mark.dbt
@pytest.mark.parametrize("cutoffs, ok", CUTOFF_CASES)
def test_cutoffs_are_bounded_by_the_int_range(dbt_project, one_context_errors, cutoffs, ok):
    """A cutoff is a whole number 1 <= k <= 2147483647 (2^31 - 1, the SQL's int), the bound named in the error."""
    if ok:  # a good set of vars: the whole parse passes
        result = dbt_project.invoke(["parse", "--vars", _cutoff_vars(cutoffs)], target_name="config")
        assert result.success, result.exception
        return

    def check(message):
        assert "search_metrics_cutoffs: every cutoff k must be a whole number >= 1 and <= 2147483647" in message, \
            message

    assert_compile_error(dbt_project, one_context_errors, _cutoff_vars(cutoffs), check)
