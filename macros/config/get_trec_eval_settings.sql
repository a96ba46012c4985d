{#-
  trec_eval's conventions and measure parameters: var search_metrics_trec_eval, a dict whose keys replace these
  defaults (docs/trec.md, "The trec_eval table")
    version: 10            the recall-level rounding of the 11 interpolated levels (interpolated_precision,
                           average_precision_11pt, the trec_eval table): 10 = lround(x R), 9 = (long)(x R + 0.9)
    complete: false        trec_eval -c: every qrels query the run lacks is evaluated as an empty list
    max_results: null      trec_eval -M: only the first M results of each (run, query); null = every result;
                           else a whole number from 1 to largest_rank()
    zscores: null          trec_eval -Z: a relation with columns query_id, measure, mean, stddev: 'schema.table',
                           "{{ ref('x') }}", "{{ ref('package', 'x') }}", "{{ source('a', 'b') }}" or one SQL
                           expression, as the input vars take (setting_relation_call checks the text; the nodes
                           that read it resolve it with trec_eval_zscores)
    cutoffs: [5, 10, 15, 20, 30, 100, 200, 500, 1000]   the k of P, recall, map_cut, ndcg_cut, relative_P
    success_cutoffs: [1, 5, 10]                           the k of success
    unjudged_cutoffs: [5, 10, 20]                         the k of unj (trec_eval 10's m_unjudged.c)
    rprec_multiples: [0.2, 0.4, .., 2.0]                  the x of Rprec_mult_x, each a number > 0
    utility: {a: 1, b: -1, c: 0, d: 0}                    utility's coefficients (given keys replace these)
    collection_size: 0     trec_eval -N: the number of docs in the collection (utility's d term), a whole number >= 0
  The cutoff lists: non-empty lists of whole numbers from 1 to largest_rank(), returned sorted without repeats.
  An unknown key or a bad value is a compile error that names the var and the key. Returns the checked dict
  (version int, complete bool, max_results none | int, zscores none | text as written, lists of ints / floats, utility a dict of
  floats, collection_size int).
-#}
{% macro get_trec_eval_settings() %}
    {{- return(adapter.dispatch('get_trec_eval_settings', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_trec_eval_settings() %}
    {%- set defaults = {'version': 10, 'complete': false, 'max_results': none, 'zscores': none,
                        'cutoffs': [5, 10, 15, 20, 30, 100, 200, 500, 1000], 'success_cutoffs': [1, 5, 10],
                        'unjudged_cutoffs': [5, 10, 20],
                        'rprec_multiples': [0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0],
                        'utility': {'a': 1, 'b': -1, 'c': 0, 'd': 0}, 'collection_size': 0} -%}
    {%- set settings = search_metrics.settings_with_defaults('search_metrics_trec_eval', defaults) -%}
    {%- set prefix = "search_metrics: search_metrics_trec_eval" -%}
    {%- set largest = search_metrics.largest_rank() -%}
    {%- set version = settings.version -%}
    {%- if not search_metrics.is_number(version, whole=true) or version not in (9, 10) -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".version must be 9 or 10 (trec_eval's recall-level rounding), got " ~ version ~ search_metrics.number_text_hint(version)) -}}
    {%- endif -%}
    {%- if settings.complete is not sameas true and settings.complete is not sameas false -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".complete must be true or false (trec_eval -c), got " ~ settings.complete) -}}
    {%- endif -%}
    {%- set max_results = settings.max_results -%}
    {%- if max_results is not none and (not search_metrics.is_number(max_results, whole=true) or max_results < 1 or max_results > largest) -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".max_results must be a whole number from 1 to " ~ largest ~ " or null (every result; trec_eval -M), got " ~ max_results ~ search_metrics.number_text_hint(max_results)) -}}
    {%- endif -%}
    {%- set zscores = settings.zscores -%}
    {%- if search_metrics.is_unset(zscores) -%}
        {%- set zscores = none -%}
    {%- elif zscores is not string -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".zscores must be a relation (query_id, measure, mean, stddev) or null, got " ~ zscores) -}}
    {%- elif search_metrics.setting_relation_call('search_metrics_trec_eval.zscores', zscores) is none -%}
        {%- do search_metrics.check_input_expression('search_metrics_trec_eval.zscores', zscores) -%}
        {%- set zscores = zscores | trim -%}
    {%- endif -%}
    {%- set checked = {} -%}
    {%- for key in ['cutoffs', 'success_cutoffs', 'unjudged_cutoffs'] -%}
        {%- set values = settings[key] -%}
        {%- if values is string or values is mapping or values is not iterable or (values | length) == 0 -%}
            {{- exceptions.raise_compiler_error(prefix ~ "." ~ key ~ " must be a non-empty list of whole numbers from 1 to " ~ largest ~ ", got " ~ values) -}}
        {%- endif -%}
        {%- for k in values -%}
            {%- if not search_metrics.is_number(k, whole=true) or k < 1 or k > largest -%}
                {{- exceptions.raise_compiler_error(prefix ~ "." ~ key ~ " must be a non-empty list of whole numbers from 1 to " ~ largest ~ ", got " ~ values ~ search_metrics.number_text_hint(k)) -}}
            {%- endif -%}
        {%- endfor -%}
        {%- do checked.update({key: values | map('int') | unique | sort | list}) -%}
    {%- endfor -%}
    {%- set multiples = settings.rprec_multiples -%}
    {%- if multiples is string or multiples is mapping or multiples is not iterable or (multiples | length) == 0 -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".rprec_multiples must be a non-empty list of numbers > 0, got " ~ multiples) -}}
    {%- endif -%}
    {%- for x in multiples -%}
        {%- if not search_metrics.is_number(x) or x <= 0 -%}
            {{- exceptions.raise_compiler_error(prefix ~ ".rprec_multiples must be a non-empty list of numbers > 0, got " ~ multiples ~ search_metrics.number_text_hint(x)) -}}
        {%- endif -%}
    {%- endfor -%}
    {%- set utility = settings.utility -%}
    {%- if utility is none -%}{%- set utility = {} -%}{%- endif -%}
    {%- if utility is not mapping -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".utility must be a dict with keys among a, b, c, d, got " ~ utility) -}}
    {%- endif -%}
    {%- set coefficients = {} -%}
    {%- do coefficients.update(defaults.utility) -%}
    {%- for key, value in utility.items() -%}
        {%- if key not in defaults.utility -%}
            {{- exceptions.raise_compiler_error(prefix ~ ".utility has an unknown key '" ~ key ~ "'; keys: a, b, c, d") -}}
        {%- endif -%}
        {%- if not search_metrics.is_number(value) -%}
            {{- exceptions.raise_compiler_error(prefix ~ ".utility." ~ key ~ " must be a finite number, got " ~ value ~ search_metrics.number_text_hint(value)) -}}
        {%- endif -%}
        {%- do coefficients.update({key: value}) -%}
    {%- endfor -%}
    {%- set size = settings.collection_size -%}
    {%- if not search_metrics.is_number(size, whole=true) or size < 0 -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".collection_size must be a whole number >= 0 (trec_eval -N), got " ~ size ~ search_metrics.number_text_hint(size)) -}}
    {%- endif -%}
    {%- set floats = {} -%}
    {%- for key, value in coefficients.items() -%}{%- do floats.update({key: value | float}) -%}{%- endfor -%}
    {{- return({'version': version | int, 'complete': settings.complete, 'max_results': none if max_results is none else max_results | int,
                'zscores': zscores, 'cutoffs': checked.cutoffs, 'success_cutoffs': checked.success_cutoffs,
                'unjudged_cutoffs': checked.unjudged_cutoffs,
                'rprec_multiples': multiples | map('float') | unique | sort | list, 'utility': floats,
                'collection_size': size | int}) -}}
{% endmacro %}
