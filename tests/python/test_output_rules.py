"""Every output-side data test (the rules on the models the package builds: marts, comparisons, input quality and
the intermediate models; the input rules live in test_input_rules.py) fails on data that breaks it, and only it.

One DuckDB build of every model family from the compact parity dataset; every output-side data test passes on it.
Then one bad row per rule is written into the built tables (a copy of a clean row with a key changed, or a clean
row changed in place, so that each bad row breaks exactly its own rule), and one `dbt test` run over the same
tests must fail every one of them with the number of offending rows its bad rows make; the package's own generic
tests (search_metrics_unique_within, search_metrics_k_null_only_for_auc, search_metrics_holds_on_each_row) must return their rule_violated message.
The list of rules is read from dbt's manifest: a new output-side data test fails here until it gets a bad row.
"""

from __future__ import annotations

import json
import random

import pytest

from engines import dbt_ok, load_inputs
from parity_data import ALL_INPUT_VARS, RUN_IDS, all_inputs

SCHEMA = "output_rules"
DBT_VARS = {**ALL_INPUT_VARS, "search_metrics_permutations": 20, "search_metrics_bootstrap_samples": 20,
            "search_metrics_agreement_min_shared_items": 2,  # so that the small dataset has Cohen's kappa rows
            # a fusion with a weight grid (search_fused_runs, search_fusion_sweep); a rank method: the dataset has
            # null scores
            "search_metrics_fusions": [{"name": "fused_wbf", "runs": [RUN_IDS[0], RUN_IDS[1]], "method": "w_bordafuse",
                                        "params": {"weights": [0.5, 0.5]}, "weight_grid": [[1, 0]],
                                        "holdout_share": 0.5}]}
SEED = 20261123

K_RULE = "k must be null for the metrics without a cutoff (auc, bpref, ...) and a cutoff for every other metric"
CUTOFF_RULE = "k must be null or a configured cutoff (var search_metrics_cutoffs)"

# A break: (model, "insert" a changed copy of a clean row | "update" a clean row in place, which rows may serve,
# {column: SQL expression}). Each break uses its own clean row.
CUTOFF_ROW = "k is not null"  # a row of a metric with a cutoff


def insert(model, where, /, **changes):  # positional-only: a changed column may be named "model"
    return (model, "insert", where, changes)


def update(model, where, /, **changes):
    return (model, "update", where, changes)


def duplicate(model, where="true"):
    return (model, "insert", where, {})


QM, RM = "search_query_metrics", "search_run_metrics"
PRC, RPRC = "search_precision_recall_curve", "search_run_precision_recall_curve"
PSD, CMD, AUCD = "search_paulscore_daily", "search_click_metrics_daily", "search_auc_daily"
QD, RC = "search_query_deltas", "search_run_comparison"
IQ = "search_input_quality"
OV, POV = "search_run_overlap", "search_run_pair_overlap"
AG = "search_judgment_agreement"
JQ, JC, QUB, RUB, CUB = ("search_judgment_queue", "search_run_judgment_coverage", "search_query_unjudged_bounds",
                         "search_run_unjudged_bounds", "search_comparison_unjudged_bounds")
CR, CPB = "search_click_relevance", "search_click_position_bias"
CJ, CJA = "search_click_judgments", "search_click_judgment_agreement"
ILD, ILE = "search_interleaving_daily", "search_interleaving_experiments"
SMD, DWS = "search_session_metrics_daily", "search_dwell_survival"
XDS = "search_experiment_dwell_survival"
XR, XB, XSQ, XSR = ("search_experiment_results", "search_experiment_buckets", "search_experiment_sequential",
                    "search_experiment_sample_ratios")
XA = "search_metrics_int_experiment_assignments"
SW, FR = "search_fusion_sweep", "search_fused_runs"
NOT_BEST = "not is_best and tuning_mean is not null"  # a configuration of a (fusion, metric, k) that has a best one
POOL, SPINE, LABELED = "search_metrics_int_pool", "search_metrics_int_query_spine", "search_metrics_int_labeled_results"
CLICK_POS, CLICK_SEARCHES, IMPRESSIONS = ("search_metrics_int_click_positions", "search_metrics_int_click_searches",
                                          "search_metrics_int_labeled_impressions")

# rule -> (its breaks, the rows the test returns, the rule_violated message of the package's generic tests)
RULES = {
    "search_query_metrics__run_id_must_not_be_null": ([insert(QM, CUTOFF_ROW, run_id="null")], 1, None),
    "search_query_metrics__query_id_must_not_be_null": ([insert(QM, CUTOFF_ROW, query_id="null")], 1, None),
    # a row whose value is null too: it breaks only this rule, not binary_ties' (whose condition is null there)
    "search_query_metrics__metric_must_not_be_null": (
        [insert(QM, "k is not null and value is null", metric="null")], 1, None),
    "search_query_metrics__run_id_must_be_a_run_of_the_results": (
        [insert(QM, CUTOFF_ROW, run_id="'ghost_run'")], 1, "run_id must be a run of the results"),
    "search_query_metrics__query_id_must_be_a_query_of_the_results": (
        [insert(QM, CUTOFF_ROW, query_id="'ghost_query'")], 1, "query_id must be a query of the results"),
    "search_query_metrics__metric_must_be_a_configured_metric": ([insert(QM, CUTOFF_ROW, metric="'ghost'")], 1, None),
    "search_query_metrics__k_must_be_null_exactly_for_metrics_without_a_cutoff": (
        [insert(QM, CUTOFF_ROW, k="null"), insert(QM, "metric = 'auc'", k="1")], 2, K_RULE),
    "search_query_metrics__k_must_be_a_configured_cutoff": ([insert(QM, CUTOFF_ROW, k="99")], 1, CUTOFF_RULE),
    "search_query_metrics__binary_ties_value_must_not_be_null": (
        [update(QM, "metric = 'binary_ties'", value="null")], 1, "the value of binary_ties must not be null"),
    "search_query_metrics__one_row_per_run_query_metric_and_k": (
        [duplicate(QM, "metric = 'auc'")], 1, "run_id, query_id, metric, k must be unique"),

    "search_run_metrics__run_id_must_not_be_null": ([insert(RM, CUTOFF_ROW, run_id="null")], 1, None),
    "search_run_metrics__run_id_must_have_query_metrics": (
        [insert(RM, CUTOFF_ROW, run_id="'ghost_run_2'")], 1, "run_id must have query metrics"),
    "search_run_metrics__metric_must_not_be_null": ([insert(RM, CUTOFF_ROW, metric="null")], 1, None),
    "search_run_metrics__metric_must_be_a_configured_metric": ([insert(RM, CUTOFF_ROW, metric="'ghost'")], 1, None),
    "search_run_metrics__k_must_be_null_exactly_for_metrics_without_a_cutoff": (
        [insert(RM, "metric = 'bpref'", k="3"), insert(RM, CUTOFF_ROW, k="null")], 2, K_RULE),
    "search_run_metrics__k_must_be_a_configured_cutoff": ([insert(RM, CUTOFF_ROW, k="2")], 1, CUTOFF_RULE),
    "search_run_metrics__n_queries_must_not_be_null": ([update(RM, "true", n_queries="null")], 1, None),
    "search_run_metrics__n_queries_total_must_not_be_null": ([update(RM, "true", n_queries_total="null")], 1, None),
    "search_run_metrics__one_row_per_run_metric_and_k": (
        [duplicate(RM, "k is null")], 1, "run_id, metric, k must be unique"),

    "search_precision_recall_curve__run_id_must_not_be_null": ([insert(PRC, "true", run_id="null")], 1, None),
    "search_precision_recall_curve__query_id_must_not_be_null": ([insert(PRC, "true", query_id="null")], 1, None),
    "search_precision_recall_curve__recall_level_must_not_be_null": (
        [insert(PRC, "true", recall_level="null")], 1, None),
    "search_precision_recall_curve__one_row_per_run_query_and_recall_level": (
        [duplicate(PRC)], 1, "run_id, query_id, recall_level must be unique"),
    "search_run_precision_recall_curve__run_id_must_not_be_null": ([insert(RPRC, "true", run_id="null")], 1, None),
    "search_run_precision_recall_curve__recall_level_must_not_be_null": (
        [insert(RPRC, "true", recall_level="null")], 1, None),
    "search_run_precision_recall_curve__n_queries_must_not_be_null": (
        [update(RPRC, "true", n_queries="null")], 1, None),
    "search_run_precision_recall_curve__n_queries_total_must_not_be_null": (
        [update(RPRC, "true", n_queries_total="null")], 1, None),
    "search_run_precision_recall_curve__one_row_per_run_and_recall_level": (
        [duplicate(RPRC)], 1, "run_id, recall_level must be unique"),

    "search_judgment_queue__one_row_per_query_and_doc": ([duplicate(JQ)], 1, "query_id, doc_id must be unique"),
    "search_run_judgment_coverage__one_row_per_run_and_k": ([duplicate(JC)], 1, "run_id, k must be unique"),
    "search_query_unjudged_bounds__one_row_per_run_query_metric_and_k": (
        [duplicate(QUB, "k is null")], 1, "run_id, query_id, metric, k must be unique"),
    "search_run_unjudged_bounds__one_row_per_run_metric_and_k": (
        [duplicate(RUB, CUTOFF_ROW)], 1, "run_id, metric, k must be unique"),
    "search_comparison_unjudged_bounds__one_row_per_pair_metric_and_k": (
        [duplicate(CUB, CUTOFF_ROW)], 1, "baseline, candidate, metric, k must be unique"),
    "search_judge_run_metrics__one_row_per_rater_run_metric_and_k": (
        [duplicate("search_judge_run_metrics", CUTOFF_ROW)], 1, "rater_id, run_id, metric, k must be unique"),
    "search_judge_run_agreement__one_row_per_rater_metric_and_k": (
        [duplicate("search_judge_run_agreement", CUTOFF_ROW)], 1, "rater_id, metric, k must be unique"),

    "search_paulscore_daily__search_date_must_not_be_null": ([insert(PSD, "true", search_date="null")], 1, None),
    "search_paulscore_daily__search_type_must_not_be_null": ([insert(PSD, "true", search_type="null")], 1, None),
    "search_paulscore_daily__factor_must_not_be_null": ([insert(PSD, "true", factor="null")], 1, None),
    "search_paulscore_daily__paulscore_must_not_be_null": ([update(PSD, "true", paulscore="null")], 1, None),
    "search_paulscore_daily__one_row_per_day_type_and_factor": (
        [duplicate(PSD)], 1, "search_date, search_type, factor must be unique"),
    "search_click_metrics_daily__search_date_must_not_be_null": ([insert(CMD, "true", search_date="null")], 1, None),
    "search_click_metrics_daily__search_type_must_not_be_null": ([insert(CMD, "true", search_type="null")], 1, None),
    "search_click_metrics_daily__one_row_per_day_and_type": (
        [duplicate(CMD)], 1, "search_date, search_type must be unique"),
    "search_auc_daily__search_date_must_not_be_null": ([insert(AUCD, "true", search_date="null")], 1, None),
    "search_auc_daily__search_type_must_not_be_null": ([insert(AUCD, "true", search_type="null")], 1, None),
    "search_auc_daily__one_row_per_day_and_type": ([duplicate(AUCD)], 1, "search_date, search_type must be unique"),

    "search_query_deltas__baseline_must_not_be_null": ([insert(QD, "true", baseline="null")], 1, None),
    "search_query_deltas__baseline_must_be_a_run": (
        [insert(QD, "true", baseline="'ghost_run'")], 1, "baseline must be a run of the results"),
    "search_query_deltas__candidate_must_not_be_null": ([insert(QD, "true", candidate="null")], 1, None),
    "search_query_deltas__query_id_must_not_be_null": ([insert(QD, "true", query_id="null")], 1, None),
    "search_query_deltas__one_row_per_pair_query_metric_and_k": (
        [duplicate(QD, "k is null")], 1, "baseline, candidate, query_id, metric, k must be unique"),
    "search_run_comparison__baseline_must_not_be_null": ([insert(RC, "true", baseline="null")], 1, None),
    "search_run_comparison__candidate_must_not_be_null": ([insert(RC, "true", candidate="null")], 1, None),
    "search_run_comparison__one_row_per_pair_metric_and_k": (
        [duplicate(RC)], 1, "baseline, candidate, metric, k must be unique"),
    "search_run_overlap__baseline_must_not_be_null": ([insert(OV, "true", baseline="null")], 1, None),
    "search_run_overlap__candidate_must_not_be_null": ([insert(OV, "true", candidate="null")], 1, None),
    "search_run_overlap__query_id_must_not_be_null": ([insert(OV, "true", query_id="null")], 1, None),
    "search_run_overlap__measure_must_not_be_null": ([insert(OV, "true", measure="null")], 1, None),
    "search_run_overlap__one_row_per_pair_query_measure_and_k": (
        [duplicate(OV, "k is null")], 1, "baseline, candidate, query_id, measure, k must be unique"),
    "search_run_pair_overlap__baseline_must_not_be_null": ([insert(POV, "true", baseline="null")], 1, None),
    "search_run_pair_overlap__candidate_must_not_be_null": ([insert(POV, "true", candidate="null")], 1, None),
    "search_run_pair_overlap__measure_must_not_be_null": ([insert(POV, "true", measure="null")], 1, None),
    "search_run_pair_overlap__one_row_per_pair_measure_and_k": (
        [duplicate(POV)], 1, "baseline, candidate, measure, k must be unique"),
    # risk against the baseline
    "search_run_risk__one_row_per_pair_metric_k_and_alpha": (
        [duplicate("search_run_risk")], 1, "baseline, candidate, metric, k, alpha must be unique"),
    "search_run_georisk__one_row_per_run_metric_k_and_alpha": (
        [duplicate("search_run_georisk")], 1, "run_id, metric, k, alpha must be unique"),
    "search_judgment_agreement__scale_must_not_be_null": ([insert(AG, "true", scale="null")], 1, None),
    "search_judgment_agreement__scale_must_be_binary_graded_or_detail": ([insert(AG, "true", scale="'stars'")], 1, None),
    "search_judgment_agreement__measure_must_not_be_null": ([insert(AG, "true", measure="null")], 1, None),
    "search_judgment_agreement__measure_must_be_a_known_measure": (
        [insert(AG, "true", measure="'gwet_ac1'")], 1, None),
    "search_judgment_agreement__cohen_kappa_must_name_its_raters": (
        [insert(AG, "measure = 'cohen_kappa'", rater_a="null")], 1, None),
    "search_judgment_agreement__binary_tie_share_must_not_be_null": (
        [update(AG, "measure = 'binary_tie_share'", value="null")], 1, None),
    "search_judgment_agreement__n_items_must_not_be_null": ([update(AG, "true", n_items="null")], 1, None),
    "search_judgment_agreement__n_ratings_must_not_be_null": ([update(AG, "true", n_ratings="null")], 1, None),
    "search_judgment_agreement__one_row_per_scale_query_measure_and_rater_pair": (
        [duplicate(AG, "query_id is null and rater_a is null")], 1,
        "scale, query_id, measure, rater_a, rater_b must be unique"),

    # the judge_validation family, item level (the parity data's automated judges: the click models' estimates)
    "search_judge_agreement__rater_id_must_not_be_null": (
        [insert("search_judge_agreement", "true", rater_id="null")], 1, None),
    "search_judge_agreement__rater_id_must_be_an_automated_judge": (
        [insert("search_judge_agreement", "true", rater_id="'ghost_judge'")], 1,
        "rater_id must be an automated judge with judgments"),
    "search_judge_agreement__scale_must_not_be_null": (
        [insert("search_judge_agreement", "true", scale="null")], 1, None),
    "search_judge_agreement__scale_must_be_binary_graded_or_detail": (
        [insert("search_judge_agreement", "true", scale="'stars'")], 1, None),
    "search_judge_agreement__measure_must_not_be_null": (
        [insert("search_judge_agreement", "true", measure="null")], 1, None),
    "search_judge_agreement__measure_must_be_a_known_measure": (
        [insert("search_judge_agreement", "true", measure="'accuracy'")], 1, None),
    "search_judge_agreement__mean_signed_difference_must_not_be_null_with_items": (
        [update("search_judge_agreement", "measure = 'mean_signed_difference' and n_items > 0", value="null")], 1,
        None),
    "search_judge_agreement__n_items_must_not_be_null": (
        [update("search_judge_agreement", "true", n_items="null")], 1, None),
    "search_judge_agreement__n_ratings_must_not_be_null": (
        [update("search_judge_agreement", "true", n_ratings="null")], 1, None),
    "search_judge_agreement__one_row_per_rater_scale_and_measure": (
        [duplicate("search_judge_agreement")], 1, "rater_id, scale, measure must be unique"),
    "search_judge_confusion__rater_id_must_not_be_null": (
        [insert("search_judge_confusion", "true", rater_id="null")], 1, None),
    "search_judge_confusion__scale_must_not_be_null": (
        [insert("search_judge_confusion", "true", scale="null")], 1, None),
    "search_judge_confusion__scale_must_be_binary_graded_or_detail": (
        [insert("search_judge_confusion", "true", scale="'stars'")], 1, None),
    "search_judge_confusion__human_value_must_not_be_null": (
        [insert("search_judge_confusion", "true", human_value="null")], 1, None),
    "search_judge_confusion__binary_human_value_must_be_0_or_1": (
        [insert("search_judge_confusion", "scale = 'binary'", human_value="0.5")], 1, None),
    "search_judge_confusion__judge_value_must_not_be_null": (
        [insert("search_judge_confusion", "true", judge_value="null")], 1, None),
    "search_judge_confusion__binary_judge_value_must_be_0_or_1": (
        [insert("search_judge_confusion", "scale = 'binary'", judge_value="2")], 1, None),
    "search_judge_confusion__n_items_must_not_be_null": (
        [update("search_judge_confusion", "true", n_items="null")], 1, None),
    "search_judge_confusion__one_row_per_rater_scale_and_value_pair": (
        [duplicate("search_judge_confusion")], 1, "rater_id, scale, human_value, judge_value must be unique"),

    "search_click_relevance__query_id_must_not_be_null": ([insert(CR, "true", query_id="null")], 1, None),
    "search_click_relevance__doc_id_must_not_be_null": ([insert(CR, "true", doc_id="null")], 1, None),
    "search_click_relevance__model_must_be_sdbn_coec_or_pbm": ([insert(CR, "true", model="'ghost'")], 1, None),
    "search_click_relevance__n_impressions_must_not_be_null": ([update(CR, "true", n_impressions="null")], 1, None),
    "search_click_relevance__relevance_must_be_between_0_and_1": (
        [update(CR, "true", relevance="1.5"), update(CR, "true", relevance="-0.25")], 2,
        "relevance must be null or between 0 and 1"),
    "search_click_relevance__one_row_per_query_doc_and_model": (
        [duplicate(CR)], 1, "query_id, doc_id, model must be unique"),
    "search_click_position_bias__position_must_not_be_null": ([insert(CPB, "true", position="null")], 1, None),
    "search_click_position_bias__examination_must_be_between_0_and_1": (
        [update(CPB, "true", examination="1.01")], 1, "examination must be null or between 0 and 1"),
    "search_click_position_bias__one_row_per_position": ([duplicate(CPB)], 1, "position must be unique"),
    "search_click_judgments__rater_id_must_be_a_click_model": ([insert(CJ, "true", rater_id="'rater_a'")], 1, None),
    "search_click_judgments__grade_must_not_be_null": ([update(CJ, "true", grade="null")], 1, None),
    "search_click_judgments__one_row_per_query_doc_and_rater": (
        [duplicate(CJ)], 1, "query_id, doc_id, rater_id must be unique"),
    "search_click_judgment_agreement__model_must_not_be_null": ([insert(CJA, "true", model="null")], 1, None),
    "search_click_judgment_agreement__spearman_must_be_between_minus_1_and_1": (
        [update(CJA, "true", spearman="-1.000001")], 1, "spearman must be null or between -1 and 1"),
    "search_click_judgment_agreement__one_row_per_model": ([duplicate(CJA)], 1, "model must be unique"),

    "search_interleaving_daily__experiment_must_not_be_null": ([insert(ILD, "true", experiment="null")], 1, None),
    "search_interleaving_daily__preference_delta_must_be_between_minus_half_and_half": (
        [update(ILD, "true", preference_delta="-0.5000001")], 1,
        "preference_delta must be null or between -0.5 and 0.5"),
    "search_interleaving_daily__p_value_must_be_between_0_and_1": (
        [update(ILD, "true", p_value="1.0000001")], 1, "p_value must be null or between 0 and 1"),
    "search_interleaving_daily__one_row_per_experiment_and_day": (
        [duplicate(ILD)], 1, "experiment, search_date must be unique"),
    "search_interleaving_experiments__p_value_must_be_between_0_and_1": (
        [update(ILE, "true", p_value="-0.01")], 1, "p_value must be null or between 0 and 1"),
    "search_interleaving_experiments__one_row_per_experiment": ([duplicate(ILE)], 1, "experiment must be unique"),
    "search_session_metrics_daily__satisfied_click_rate_must_be_between_0_and_1": (
        [update(SMD, "true", satisfied_click_rate="1.5")], 1, "satisfied_click_rate must be null or between 0 and 1"),
    "search_session_metrics_daily__return_rate_must_be_between_0_and_1": (
        [update(SMD, "true", return_rate="-0.5")], 1, "return_rate must be null or between 0 and 1"),
    "search_session_metrics_daily__one_row_per_day_and_type": (
        [duplicate(SMD)], 1, "search_date, search_type must be unique"),
    "search_dwell_survival__survival_must_be_between_0_and_1": (
        [update(DWS, "true", survival="1.25")], 1, "survival must be null or between 0 and 1"),
    "search_dwell_survival__one_row_per_day_type_and_checkin": (
        [duplicate(DWS)], 1, "search_date, search_type, checkin_seconds must be unique"),
    "search_experiment_results__experiment_must_not_be_null": ([insert(XR, "true", experiment="null")], 1, None),
    "search_experiment_results__p_value_must_be_between_0_and_1": (
        [update(XR, "true", p_value="1.5")], 1, "p_value must be null or between 0 and 1"),
    "search_experiment_results__relative_p_value_must_be_between_0_and_1": (
        [update(XR, "true", relative_p_value="-0.5")], 1, "relative_p_value must be null or between 0 and 1"),
    "search_experiment_results__cuped_p_value_must_be_between_0_and_1": (
        [update(XR, "true", cuped_p_value="2")], 1, "cuped_p_value must be null or between 0 and 1"),
    "search_experiment_results__one_row_per_comparison_search_type_and_metric": (
        [duplicate(XR)], 1, "experiment, baseline, candidate, search_type, metric, factor must be unique"),
    "search_experiment_buckets__mean_must_not_be_nan": ([update(XB, "true", mean="'nan'")], 1, None),
    "search_experiment_buckets__one_row_per_bucket_search_type_and_metric": (
        [duplicate(XB)], 1, "experiment, bucket, search_type, metric, factor must be unique"),
    "search_experiment_sequential__p_value_must_be_between_0_and_1": (
        [update(XSQ, "true", p_value="1.5")], 1, "p_value must be null or between 0 and 1"),
    "search_experiment_sequential__one_row_per_comparison_metric_and_day": (
        [duplicate(XSQ)], 1, "experiment, baseline, candidate, search_type, metric, factor, search_date must be unique"),
    "search_experiment_sample_ratios__experiment_must_not_be_null": ([insert(XSR, "true", experiment="null")], 1, None),
    "search_experiment_sample_ratios__p_value_must_be_between_0_and_1": (
        [update(XSR, "true", p_value="1.5")], 1, "p_value must be null or between 0 and 1"),
    "search_experiment_sample_ratios__one_row_per_experiment_and_bucket": (
        [duplicate(XSR)], 1, "experiment, bucket must be unique"),
    "search_metrics_int_experiment_assignments__experiment_must_not_be_null": (
        [insert(XA, "true", experiment="null")], 1, None),
    "search_metrics_int_experiment_assignments__one_row_per_experiment_and_unit": (
        [duplicate(XA)], 1, "experiment, unit_id must be unique"),
    "search_experiment_dwell_survival__survival_must_be_between_0_and_1": (
        [update(XDS, "true", survival="-0.25")], 1, "survival must be null or between 0 and 1"),
    "search_experiment_dwell_survival__one_row_per_bucket_type_and_checkin": (
        [duplicate(XDS)], 1, "experiment, bucket, search_type, checkin_seconds must be unique"),

    "search_input_quality__input_name_must_not_be_null": ([insert(IQ, "true", input_name="null")], 1, None),
    "search_input_quality__input_name_must_be_an_input_of_the_package": (
        [insert(IQ, "true", input_name="'ghost_input'")], 1, None),
    "search_input_quality__status_must_not_be_null": ([insert(IQ, "true", status="null")], 1, None),
    "search_input_quality__status_must_be_used_not_used_ungraded_duplicate_ignored_or_excluded": (
        [insert(IQ, "true", status="'lost'")], 1, None),
    "search_input_quality__reason_must_not_be_null": ([insert(IQ, "true", reason="null")], 1, None),
    "search_input_quality__n_rows_must_not_be_null": ([update(IQ, "true", n_rows="null")], 1, None),
    "search_input_quality__one_row_per_input_status_and_reason": (
        [duplicate(IQ)], 1, "input_name, status, reason must be unique"),

    "search_metrics_int_pool__query_id_must_not_be_null": ([insert(POOL, "true", query_id="null")], 1, None),
    "search_metrics_int_pool__doc_id_must_not_be_null": ([insert(POOL, "true", doc_id="null")], 1, None),
    "search_metrics_int_pool__binary_value_must_be_0_1_or_null": ([update(POOL, "true", binary_value="2")], 1, None),
    "search_metrics_int_pool__binary_tie_must_be_0_or_1": ([update(POOL, "true", binary_tie="2")], 1, None),
    "search_metrics_int_pool__one_row_per_query_and_doc": ([duplicate(POOL)], 1, "query_id, doc_id must be unique"),
    "search_metrics_int_query_spine__run_id_must_not_be_null": ([insert(SPINE, "true", run_id="null")], 1, None),
    "search_metrics_int_query_spine__query_id_must_not_be_null": ([insert(SPINE, "true", query_id="null")], 1, None),
    "search_metrics_int_query_spine__n_results_must_not_be_null": ([update(SPINE, "true", n_results="null")], 1, None),
    "search_metrics_int_query_spine__one_row_per_run_and_query": (
        [duplicate(SPINE)], 1, "run_id, query_id must be unique"),
    "search_metrics_int_labeled_results__binary_tie_must_be_0_or_1": (
        [update(LABELED, "true", binary_tie="3")], 1, None),

    "search_metrics_int_click_positions__search_id_must_not_be_null": (
        [insert(CLICK_POS, "true", search_id="null")], 1, None),
    "search_metrics_int_click_searches__search_id_must_not_be_null": (
        [insert(CLICK_SEARCHES, "true", search_id="null")], 1, None),
    "search_metrics_int_labeled_impressions__label_must_be_0_or_1": (
        [update(IMPRESSIONS, "true", label="2")], 1, None),

    # the fused runs and the weight sweep
    "search_fused_runs__run_id_must_not_be_null": ([insert(FR, "true", run_id="null")], 1, None),
    "search_fused_runs__input_run_id_must_not_be_null": ([update(FR, "true", input_run_id="null")], 1, None),
    "search_fused_runs__one_row_per_run_and_input_position": (
        [duplicate(FR)], 1, "run_id, input_position must be unique"),
    "search_fusion_sweep__is_best_must_not_be_null": ([update(SW, NOT_BEST, is_best="null")], 1, None),
    "search_fusion_sweep__one_row_per_fusion_configuration_metric_and_k": (
        [duplicate(SW, NOT_BEST)], 1, "fusion, configuration_index, metric, k must be unique"),
    # a second best in one group (a metric with a cutoff); no best left in another (a metric without one)
    "search_fusion_sweep__one_best_configuration_per_fusion_metric_and_k": (
        [update(SW, NOT_BEST + " and k is not null", is_best="true"), update(SW, "is_best and k is null",
                                                                             is_best="false")], 2,
        "exactly one row per fusion, metric, k must have is_best when one has tuning_mean is not null"),

    "search_metrics_util_time_spine__date_day_must_not_be_null": (
        [insert("search_metrics_util_time_spine", "true", date_day="null")], 1, None),
}


def output_side_tests(manifest: dict) -> set[str]:
    """The generic data tests on the package's models outside the staging layer (the input rules)."""
    nodes = manifest["nodes"]
    out = set()
    for node in nodes.values():
        if node["resource_type"] != "test" or node["package_name"] != "search_metrics":
            continue
        model = nodes.get(node.get("attached_node") or "")
        if model and model["resource_type"] == "model" and "/staging/" not in model["original_file_path"]:
            out.add(node["name"])
    return out


def rule_statuses(result) -> dict[str, tuple[str, int | None, str]]:
    return {r.node.name: (str(r.status), r.failures, r.node.compiled_code) for r in result.result.results
            if r.node.resource_type == "test"}



def write_breaks(engine, schema: str) -> None:
    """Apply every break of RULES to the built tables; each break gets its own clean row (picked before any
    change), the copies first, then the changes in place. Views (the click intermediates) become tables first."""
    engine.use(schema)
    models = sorted({brk[0] for breaks, _, _ in RULES.values() for brk in breaks})
    for model in models:
        relation = engine.relation(schema, model)
        kind = engine.fetch(f"(select table_type from information_schema.tables where table_schema = 'main' "
                            f"and table_name = '{model}') as t").rows[0][0]
        if kind == "VIEW":
            engine.execute(f'create table "{schema}".main."{model}__copy" as select * from {relation}')
            engine.execute(f"drop view {relation}")
            engine.execute(f'alter table "{schema}".main."{model}__copy" rename to "{model}"')
    picked: dict[str, set] = {model: set() for model in models}
    planned = []
    for rule in sorted(RULES):
        for model, how, where, changes in RULES[rule][0]:
            relation = engine.relation(schema, model)
            # in the order of the rows' values, not of rowid (which a parallel build assigns in any order), so
            # that every run breaks the same rows
            candidates = engine.fetch(f"(select rowid as search_metrics_rowid, * from {relation} where {where}) as c")
            rowids = [row[0] for row in sorted(candidates.rows, key=lambda row: tuple(
                (value is not None, str(value)) for value in row[1:]))]
            free = [rowid for rowid in rowids if rowid not in picked[model]]
            assert free, f"{rule}: no clean row of {model} where {where} left to break"
            picked[model].add(free[0])
            planned.append((how, relation, free[0], changes))
    for how, relation, rowid, changes in sorted(planned, key=lambda p: p[0] != "insert"):
        if how == "insert":
            replace = (" replace (" + ", ".join(f"{expr} as {col}" for col, expr in changes.items()) + ")"
                       if changes else "")
            engine.execute(f"insert into {relation} select *{replace} from {relation} where rowid = {rowid}")
        else:
            sets = ", ".join(f"{col} = {expr}" for col, expr in changes.items())
            engine.execute(f"update {relation} set {sets} where rowid = {rowid}")


@pytest.mark.dbt
def test_each_output_rule_fails_on_a_row_that_breaks_it(duckdb_engine):
    engine = duckdb_engine
    engine.reset_schema(SCHEMA)
    load_inputs(engine, SCHEMA, all_inputs(random.Random(SEED)))
    dbt_ok(engine.dbt(["run"], SCHEMA, SCHEMA, DBT_VARS, write_json=True), "dbt run of every model")
    manifest = json.loads((engine.workdir / f"target_{SCHEMA}" / "manifest.json").read_text())
    rules = output_side_tests(manifest)
    assert len(rules) >= 60
    assert rules == set(RULES), (f"output-side data tests without a break here: {sorted(rules - set(RULES))}; "
                                 f"breaks of tests that do not exist: {sorted(set(RULES) - rules)}")

    clean = rule_statuses(engine.dbt(["test", "--select", *sorted(RULES)], SCHEMA, SCHEMA, DBT_VARS))
    assert set(clean) == set(RULES)
    not_passing = {name: status for name, (status, _, _) in clean.items() if status != "pass"}
    assert not not_passing, f"output rules that fail on the clean build: {not_passing}"

    write_breaks(engine, SCHEMA)
    broken = rule_statuses(engine.dbt(["test", "--select", *sorted(RULES)], SCHEMA, SCHEMA, DBT_VARS))
    assert set(broken) == set(RULES)
    wrong = {name: (status, failures, RULES[name][1]) for name, (status, failures, _) in broken.items()
             if status != "fail" or failures != RULES[name][1]}
    assert not wrong, f"rules that did not fail with exactly the rows of their breaks (status, got, want): {wrong}"
    engine.use(SCHEMA)
    for name, (_, _, sql) in sorted(broken.items()):
        message = RULES[name][2]
        if message is not None:
            rows = engine.fetch(f"({sql}) as failing").dicts()
            assert {row["rule_violated"] for row in rows} == {message}, (name, rows)
