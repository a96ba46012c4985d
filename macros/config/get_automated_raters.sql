{#-
  The automated judges: var search_metrics_automated_raters, a list of rater_ids (default ['sdbn', 'coec', 'pbm'],
  the click models' rater ids in search_click_judgments). An entry ending in '*' is a prefix pattern: 'llm:*'
  matches every rater_id that starts with 'llm:'. Each entry is non-empty text (a number is taken as its text); a
  bare '*' (every rater) is refused, since the humans would then be nobody. [] = no automated rater.
  Returns {'exact': [ids], 'prefixes': [prefixes]}. A rater that is not automated (a null rater_id too) is human:
  the judged metrics read the humans' judgments only, and the judge_validation family holds the automated ones to them.
-#}
{% macro get_automated_raters() %}
    {{- return(adapter.dispatch('get_automated_raters', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_automated_raters() %}
    {%- set given = var('search_metrics_automated_raters', ['sdbn', 'coec', 'pbm']) -%}
    {%- set message = "search_metrics: search_metrics_automated_raters must be a list of rater_ids (non-empty text; an entry ending in '*' is a prefix pattern such as 'llm:*', a bare '*' is not allowed), got " ~ given -%}
    {%- if given is none -%}{%- set given = [] -%}{%- endif -%}
    {%- if given is string or given is mapping or given is not iterable -%}
        {{- exceptions.raise_compiler_error(message) -}}
    {%- endif -%}
    {%- set exact = [] -%}
    {%- set prefixes = [] -%}
    {%- for entry in given -%}
        {%- if not ((entry is string and (entry | trim) != '') or search_metrics.is_number(entry)) -%}
            {{- exceptions.raise_compiler_error(message) -}}
        {%- endif -%}
        {%- set text = entry | string -%}
        {%- if text.endswith('*') -%}
            {%- if text == '*' -%}
                {{- exceptions.raise_compiler_error(message) -}}
            {%- endif -%}
            {%- if text[:-1] not in prefixes -%}{%- do prefixes.append(text[:-1]) -%}{%- endif -%}
        {%- elif text not in exact -%}
            {%- do exact.append(text) -%}
        {%- endif -%}
    {%- endfor -%}
    {{- return({'exact': exact, 'prefixes': prefixes}) -}}
{% endmacro %}
