{#-
  The counterfactual family's settings: the candidates (var search_metrics_counterfactual_candidates, a non-empty
  list of run_ids of the results input; a single text is read as a list of one) and var search_metrics_counterfactual,
  a dict whose keys replace these defaults:
    cutoffs: [3, 10]                  the K of each estimate (whole numbers 1..100; sorted, distinct)
    propensity_column: null           the impressions' column of the logging policy's probability of showing that doc
                                      at that position (null: only the direct method, which needs none)
    prefix_propensity_column: null    the impressions' column of the probability of showing positions 1..position as
                                      logged (null: the product of propensity_column over those positions)
    confidence: 0.95                  the normal intervals' level, 0 < confidence < 1
    min_effective_sample_size: 100    the warning rule's floor (a number >= 0)
  With the family on, the click models must fit PBM (its γ and α are the reward model). Unset candidates read as
  none (the family is off: it needs them). An unknown key, a value out of range or a column name that is not a plain
  name is a compile error that names it. Returns the checked dict with `candidates`,
  `max_cutoff` and `z` (the interval's normal quantile) added. Definitions: docs/counterfactual.md.
-#}
{% macro get_counterfactual_settings() %}
    {{- return(adapter.dispatch('get_counterfactual_settings', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_counterfactual_settings() %}
    {%- set defaults = {'cutoffs': [3, 10], 'propensity_column': none, 'prefix_propensity_column': none,
                        'confidence': 0.95, 'min_effective_sample_size': 100} -%}
    {%- set settings = search_metrics.settings_with_defaults('search_metrics_counterfactual', defaults) -%}
    {%- set prefix = "search_metrics: search_metrics_counterfactual" -%}

    {%- set candidates = var('search_metrics_counterfactual_candidates', none) -%}
    {%- if candidates is string -%}{%- set candidates = [candidates] -%}{%- endif -%}
    {%- if candidates is none -%}{%- set candidates = [] -%}{%- endif -%}
    {%- if candidates is mapping or candidates is not iterable -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_counterfactual_candidates must be a non-empty list of run_ids of the results input, got " ~ candidates) -}}
    {%- endif -%}
    {%- set checked_candidates = [] -%}
    {%- for candidate in candidates -%}
        {%- if candidate is not string or (candidate | trim) == '' -%}
            {{- exceptions.raise_compiler_error("search_metrics: search_metrics_counterfactual_candidates: every candidate must be a run_id (text), got " ~ candidate ~ " in " ~ candidates) -}}
        {%- endif -%}
        {%- if candidate not in checked_candidates -%}{%- do checked_candidates.append(candidate) -%}{%- endif -%}
    {%- endfor -%}
    {%- do settings.update({'candidates': checked_candidates}) -%}

    {%- set cutoffs = settings.cutoffs -%}
    {%- if cutoffs is number -%}{%- set cutoffs = [cutoffs] -%}{%- endif -%}
    {%- if cutoffs is string or cutoffs is mapping or cutoffs is not iterable or (cutoffs | length) == 0 -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".cutoffs must be a non-empty list of whole numbers from 1 to 100, got " ~ settings.cutoffs) -}}
    {%- endif -%}
    {%- set checked_cutoffs = [] -%}
    {%- for k in cutoffs -%}
        {%- if not search_metrics.is_number(k, whole=true) or k < 1 or k > 100 -%}
            {{- exceptions.raise_compiler_error(prefix ~ ".cutoffs must be whole numbers from 1 to 100, got " ~ k ~ " in " ~ cutoffs ~ search_metrics.number_text_hint(k)) -}}
        {%- endif -%}
        {%- if (k | int) not in checked_cutoffs -%}{%- do checked_cutoffs.append(k | int) -%}{%- endif -%}
    {%- endfor -%}
    {%- do settings.update({'cutoffs': checked_cutoffs | sort, 'max_cutoff': checked_cutoffs | max}) -%}

    {%- for key in ['propensity_column', 'prefix_propensity_column'] -%}
        {%- set column = settings[key] -%}
        {%- if column is not none -%}
            {%- if column is not string or not modules.re.match('^[A-Za-z_][A-Za-z0-9_]*$', column)
                  or (column | lower) in search_metrics.reserved_words() -%}
                {{- exceptions.raise_compiler_error(prefix ~ "." ~ key ~ " must be null or the plain name of a column of the impressions input (letters, digits, underscores; no SQL key word), got " ~ column) -}}
            {%- endif -%}
            {%- do settings.update({key: column | lower}) -%}
        {%- endif -%}
    {%- endfor -%}
    {%- if settings.prefix_propensity_column is not none and settings.propensity_column is none -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".prefix_propensity_column needs propensity_column set too (the independent estimator reads the item-position propensity)") -}}
    {%- endif -%}

    {%- set confidence = settings.confidence -%}
    {%- if not search_metrics.is_number(confidence) or confidence <= 0 or confidence >= 1 -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".confidence must be a number with 0 < confidence < 1, got " ~ confidence ~ search_metrics.number_text_hint(confidence)) -}}
    {%- endif -%}
    {%- do settings.update({'z': search_metrics.normal_quantile(1 - (1 - confidence) / 2)}) -%}

    {%- set floor = settings.min_effective_sample_size -%}
    {%- if not search_metrics.is_number(floor) or floor < 0 -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".min_effective_sample_size must be a number >= 0, got " ~ floor ~ search_metrics.number_text_hint(floor)) -}}
    {%- endif -%}

    {%- if search_metrics.family_enabled('counterfactual') and 'pbm' not in search_metrics.get_click_model_settings().models -%}
        {{- exceptions.raise_compiler_error("search_metrics: the counterfactual family reads PBM's examination and attractiveness: search_metrics_click_models.models must include pbm (or set search_metrics_enable_counterfactual: false)") -}}
    {%- endif -%}
    {{- return(settings) -}}
{% endmacro %}
