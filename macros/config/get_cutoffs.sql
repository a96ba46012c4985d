{#-
  The cutoffs to compute: the argument, else var search_metrics_cutoffs; whole numbers 1 <= k <= largest_rank()
  (2^31 - 1, the SQL's int: the bound on ranks too), sorted, distinct.
-#}
{% macro get_cutoffs(cutoffs=none) %}
    {%- set requested = cutoffs if cutoffs is not none else var('search_metrics_cutoffs', [1, 3, 5, 10]) -%}
    {%- if requested is number -%}{%- set requested = [requested] -%}{%- endif -%}
    {%- if requested is string or requested is mapping or requested is not iterable or (requested | length) == 0 -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_cutoffs must be a non-empty list of whole numbers >= 1, got " ~ requested) -}}
    {%- endif -%}
    {%- set largest = search_metrics.largest_rank() -%}
    {%- set checked = [] -%}
    {%- for k in requested -%}
        {%- if not search_metrics.is_number(k, whole=true) or k < 1 or k > largest -%}
            {{- exceptions.raise_compiler_error("search_metrics: search_metrics_cutoffs: every cutoff k must be a whole number >= 1 and <= " ~ largest ~ " (2^31 - 1), got " ~ k ~ " in " ~ requested ~ search_metrics.number_text_hint(k)) -}}
        {%- endif -%}
        {%- if (k | int) not in checked -%}{%- do checked.append(k | int) -%}{%- endif -%}
    {%- endfor -%}
    {{- return(checked | sort) -}}
{% endmacro %}
