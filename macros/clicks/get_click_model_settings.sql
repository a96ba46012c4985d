{#-
  The click models' settings: var search_metrics_click_models, a dict whose keys replace these defaults
    models: [sdbn, coec, pbm]     the models fitted (a non-empty subset, in any order)
    min_impressions: 10           a (query_id, doc_id) with fewer shown results gets no estimate (a whole number >= 1)
    sdbn_alpha: 1, sdbn_beta: 1   SDBN's Beta prior (finite numbers > 0)
    sdbn_unclicked: examine_all   a search with no click: examine_all its shown results, or skip it in SDBN
    pbm_iterations: 20            PBM's EM iterations (a whole number, 1..100)
    grade_thresholds: null        ascending relevance thresholds of grades 1..max_grade of search_click_judgments,
                                  each in (0, 1]; null = k / (max_grade + 1) for k = 1..max_grade
  An unknown key or a value out of range is a compile error that names it. Returns the checked dict, with
  grade_thresholds resolved and models in the order sdbn, coec, pbm.
-#}
{% macro get_click_model_settings() %}
    {{- return(adapter.dispatch('get_click_model_settings', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_click_model_settings() %}
    {%- set defaults = {'models': ['sdbn', 'coec', 'pbm'], 'min_impressions': 10, 'sdbn_alpha': 1, 'sdbn_beta': 1,
                        'sdbn_unclicked': 'examine_all', 'pbm_iterations': 20, 'grade_thresholds': none} -%}
    {%- set settings = search_metrics.settings_with_defaults('search_metrics_click_models', defaults) -%}
    {%- set prefix = "search_metrics: search_metrics_click_models" -%}

    {%- set models = settings.models -%}
    {%- if models is string -%}{%- set models = [models] -%}{%- endif -%}
    {%- if models is mapping or models is not iterable or (models | length) == 0
          or (models | reject('in', ['sdbn', 'coec', 'pbm']) | list | length) > 0 -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".models must be a non-empty list of sdbn, coec, pbm, got " ~ settings.models) -}}
    {%- endif -%}
    {%- do settings.update({'models': ['sdbn', 'coec', 'pbm'] | select('in', models) | list}) -%}

    {%- set min_impressions = settings.min_impressions -%}
    {%- if not search_metrics.is_number(min_impressions, whole=true) or min_impressions < 1 -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".min_impressions must be a whole number >= 1, got " ~ min_impressions ~ search_metrics.number_text_hint(min_impressions)) -}}
    {%- endif -%}
    {%- do settings.update({'min_impressions': min_impressions | int}) -%}

    {%- for key in ['sdbn_alpha', 'sdbn_beta'] -%}
        {%- if not search_metrics.is_number(settings[key]) or settings[key] <= 0 -%}
            {{- exceptions.raise_compiler_error(prefix ~ "." ~ key ~ " must be a finite number > 0, got " ~ settings[key] ~ search_metrics.number_text_hint(settings[key])) -}}
        {%- endif -%}
    {%- endfor -%}

    {%- if settings.sdbn_unclicked not in ['examine_all', 'skip'] -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".sdbn_unclicked must be examine_all or skip, got " ~ settings.sdbn_unclicked) -}}
    {%- endif -%}

    {%- set iterations = settings.pbm_iterations -%}
    {%- if not search_metrics.is_number(iterations, whole=true) or iterations < 1 or iterations > 100 -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".pbm_iterations must be a whole number from 1 to 100, got " ~ iterations ~ search_metrics.number_text_hint(iterations)) -}}
    {%- endif -%}
    {%- do settings.update({'pbm_iterations': iterations | int}) -%}

    {%- set max_grade = search_metrics.get_grading().max_grade -%}
    {%- set thresholds = settings.grade_thresholds -%}
    {%- if thresholds is none -%}
        {%- set thresholds = [] -%}
        {%- for k in range(1, max_grade + 1) -%}{%- do thresholds.append(k / (max_grade + 1)) -%}{%- endfor -%}
    {%- endif -%}
    {%- if thresholds is string or thresholds is mapping or thresholds is not iterable or (thresholds | length) != max_grade -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".grade_thresholds must be a list of " ~ max_grade ~ " numbers (one per grade 1..search_metrics_max_grade), got " ~ settings.grade_thresholds) -}}
    {%- endif -%}
    {%- for threshold in thresholds -%}
        {%- if not search_metrics.is_number(threshold) or threshold <= 0 or threshold > 1
              or (not loop.first and threshold <= thresholds[loop.index0 - 1]) -%}
            {{- exceptions.raise_compiler_error(prefix ~ ".grade_thresholds must be strictly ascending numbers in (0, 1], got " ~ thresholds ~ search_metrics.number_text_hint(threshold)) -}}
        {%- endif -%}
    {%- endfor -%}
    {%- do settings.update({'grade_thresholds': thresholds}) -%}
    {{- return(settings) -}}
{% endmacro %}
