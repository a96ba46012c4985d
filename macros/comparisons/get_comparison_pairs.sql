{#-
  The (baseline, candidate) pairs a comparison var lists, validated: none (the var is unset or null) means the
  model's default (every run against the first one in binary order); otherwise a non-empty list of
  two-item lists [baseline, candidate] of non-empty text (numbers are taken as their text), baseline != candidate,
  no pair twice. Returns a list of [baseline, candidate] strings, or none.
-#}
{% macro get_comparison_pairs(var_name) %}
    {{- return(adapter.dispatch('get_comparison_pairs', 'search_metrics')(var_name)) -}}
{% endmacro %}

{% macro default__get_comparison_pairs(var_name) %}
    {%- set requested = var(var_name, none) -%}
    {%- if search_metrics.is_unset(requested) -%}
        {{- return(none) -}}
    {%- endif -%}
    {%- set message = "search_metrics: " ~ var_name ~ " must be a non-empty list of [baseline, candidate] pairs, e.g. [['bm25_baseline', 'hybrid_v2']]" -%}
    {%- if requested is string or requested is mapping or requested is not iterable or (requested | length) == 0 -%}
        {{- exceptions.raise_compiler_error(message ~ ", got " ~ requested) -}}
    {%- endif -%}
    {%- set pairs = [] -%}
    {%- for pair in requested -%}
        {%- if pair is string or pair is mapping or pair is not iterable or (pair | length) != 2 -%}
            {{- exceptions.raise_compiler_error(message ~ "; this item is not a two-item list: " ~ pair) -}}
        {%- endif -%}
        {%- set checked = [] -%}
        {%- for value in pair -%}
            {%- if value is none or value is sameas true or value is sameas false or (value is not string and value is not number) or (value | string | trim) == '' -%}
                {{- exceptions.raise_compiler_error(message ~ "; baseline and candidate must be non-empty text, got " ~ pair) -}}
            {%- endif -%}
            {%- do checked.append(value | string) -%}
        {%- endfor -%}
        {%- if checked[0] == checked[1] -%}
            {{- exceptions.raise_compiler_error(message ~ "; a pair compares two different values, got " ~ pair) -}}
        {%- endif -%}
        {%- if checked in pairs -%}
            {{- exceptions.raise_compiler_error(message ~ "; pair listed twice: " ~ pair) -}}
        {%- endif -%}
        {%- do pairs.append(checked) -%}
    {%- endfor -%}
    {{- return(pairs) -}}
{% endmacro %}
