{#-
  The measures of the trec_eval table (search_trec_eval), from the settings of get_trec_eval_settings(): a list of
  entries, one per trec_eval measure (or family of measures with a parameter), each computed by the metric macros
  through metric_query (no formula is written here):
    measure   trec_eval's name, or the prefix of its names: with `cutoffs` the rows are named measure_k (P_5),
              with `each` measure_<value formatted by `format`> (Rprec_mult_0.20)
    metric    a metric entry {type, ...parameters} (resolved by get_metrics, so a parameter left out takes its
              default: relevance on the binary scale, at search_metrics_relevance_level)
    cutoffs   the k the macro runs with (a list: one row per k); absent = the whole list (the name has no suffix;
              a type with a cutoff runs with the single cutoff whole_list_cutoff(), as recip_rank)
    each      {parameter: [values]}: one metric per value (the parameter set to it), absent = one metric
    format    how a value of `each` is printed in the name (Python %-format, trec_eval's %.2f for Rprec_mult)
    summary   how the query_id 'all' row is formed from the per-query values: 'mean' (default; trec_eval's sum ÷
              number of queries), 'sum' (trec_eval's te_calc_avg_meas_empty: the counts)
    printed   'long' for trec_eval's integer measures (printed %ld), else 'double' (%6.4f)
    geometric the name of a measure whose per-query value is ln(max(value, 0.00001)) and whose summary is
              exp(mean) (m_gm_map.c, m_gm_bpref.c: gm_map from map, gm_bpref from bpref); only its summary is a row
  Not entries: iprec_at_recall_0.00 .. _1.00 and 11pt_avg (one interpolated_precision pass gives both) and num_q
  (the number of queries; summary only). A new type is one entry, e.g. {'measure': 'set_P', 'metric': {'type':
  'set_precision'}}, {'measure': 'relative_P', 'metric': {'type': 'relative_precision'}, 'cutoffs':
  settings.cutoffs}, {'measure': 'Rprec_mult', 'metric': {'type': 'r_precision_multiple'}, 'each': {'multiple':
  settings.rprec_multiples}, 'format': '%.2f'}. Returns the list; compile-time only.
-#}
{% macro trec_eval_measures(settings) %}
    {{- return([
        {'measure': 'num_ret', 'metric': {'type': 'count', 'count': 'retrieved'}, 'summary': 'sum', 'printed': 'long'},
        {'measure': 'num_rel', 'metric': {'type': 'count', 'count': 'relevant'}, 'summary': 'sum', 'printed': 'long'},
        {'measure': 'num_rel_ret', 'metric': {'type': 'count', 'count': 'relevant_retrieved'}, 'summary': 'sum',
         'printed': 'long'},
        {'measure': 'map', 'metric': {'type': 'average_precision', 'denominator': 'pool', 'whole_list': true},
         'geometric': 'gm_map'},
        {'measure': 'Rprec', 'metric': {'type': 'r_precision'}},
        {'measure': 'bpref', 'metric': {'type': 'bpref'}, 'geometric': 'gm_bpref'},
        {'measure': 'recip_rank', 'metric': {'type': 'reciprocal_rank'}},
        {'measure': 'P', 'metric': {'type': 'precision', 'denominator': 'k'}, 'cutoffs': settings.cutoffs},
        {'measure': 'recall', 'metric': {'type': 'recall'}, 'cutoffs': settings.cutoffs},
        {'measure': 'infAP', 'metric': {'type': 'infap'}},
        {'measure': 'ndcg', 'metric': {'type': 'ndcg', 'scale': 'graded', 'ideal': 'pool', 'whole_list': true}},
        {'measure': 'ndcg_cut', 'metric': {'type': 'ndcg', 'scale': 'graded', 'ideal': 'pool'},
         'cutoffs': settings.cutoffs},
        {'measure': 'map_cut', 'metric': {'type': 'average_precision', 'denominator': 'pool'},
         'cutoffs': settings.cutoffs},
        {'measure': 'success', 'metric': {'type': 'success'}, 'cutoffs': settings.success_cutoffs},
        {'measure': 'Rprec_mult', 'metric': {'type': 'r_precision_multiple'},
         'each': {'multiple': settings.rprec_multiples}, 'format': '%.2f'},
        {'measure': 'utility', 'metric': {'type': 'utility', 'a': settings.utility.a, 'b': settings.utility.b,
                                          'c': settings.utility.c, 'd': settings.utility.d,
                                          'collection_size': settings.collection_size}},
        {'measure': 'binG', 'metric': {'type': 'bin_g'}},
        {'measure': 'G', 'metric': {'type': 'g'}},
        {'measure': 'ndcg_rel', 'metric': {'type': 'ndcg_rel'}},
        {'measure': 'Rndcg', 'metric': {'type': 'rndcg'}},
        {'measure': 'relative_P', 'metric': {'type': 'relative_precision'}, 'cutoffs': settings.cutoffs},
        {'measure': 'set_P', 'metric': {'type': 'set_precision'}},
        {'measure': 'set_relative_P', 'metric': {'type': 'set_relative_precision'}},
        {'measure': 'set_recall', 'metric': {'type': 'set_recall'}},
        {'measure': 'set_map', 'metric': {'type': 'set_average_precision'}},
        {'measure': 'set_F', 'metric': {'type': 'set_f'}},
        {'measure': 'num_nonrel_judged_ret', 'metric': {'type': 'count', 'count': 'nonrelevant_retrieved'},
         'summary': 'sum', 'printed': 'long'},
        {'measure': 'unj', 'metric': {'type': 'unjudged'}, 'cutoffs': settings.unjudged_cutoffs}
    ]) -}}
{% endmacro %}
