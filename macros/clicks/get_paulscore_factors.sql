{#- The PaulScore factors F: var search_metrics_paulscore_factors, each a number with 0 < F < 1; sorted, distinct. -#}
{% macro get_paulscore_factors(factors=none) %}
    {{- return(adapter.dispatch('get_paulscore_factors', 'search_metrics')(factors)) -}}
{% endmacro %}

{% macro default__get_paulscore_factors(factors) %}
    {%- set requested = factors if factors is not none else var('search_metrics_paulscore_factors', [0.1, 0.5, 0.9]) -%}
    {%- if requested is number -%}{%- set requested = [requested] -%}{%- endif -%}
    {%- if requested is string or requested is mapping or requested is not iterable or (requested | length) == 0 -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_paulscore_factors must be a non-empty list of numbers between 0 and 1 (exclusive), got " ~ requested) -}}
    {%- endif -%}
    {%- set checked = [] -%}
    {%- for factor in requested -%}
        {%- if not search_metrics.is_number(factor) or factor <= 0 or factor >= 1 -%}
            {{- exceptions.raise_compiler_error("search_metrics: search_metrics_paulscore_factors: every PaulScore factor F must be a number with 0 < F < 1, got " ~ factor ~ " in " ~ requested ~ search_metrics.number_text_hint(factor)) -}}
        {%- endif -%}
        {%- if factor not in checked -%}{%- do checked.append(factor) -%}{%- endif -%}
    {%- endfor -%}
    {{- return(checked | sort) -}}
{% endmacro %}
