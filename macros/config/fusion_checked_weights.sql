{#-
  The weights of one fusion configuration checked (get_fusions): `weights` must be a list of `n_runs` finite numbers
  >= 0, not all 0; otherwise a compile error starting with `at` (the var, the fusion and the key). Returns them as
  floats. A compile-time helper (not dispatched: it renders no SQL).
-#}
{% macro fusion_checked_weights(weights, n_runs, at) %}
    {%- set rule = at ~ " must be a list of " ~ n_runs ~ " finite numbers >= 0 (one per input run, in the order of runs), not all 0" -%}
    {%- if weights is string or weights is mapping or weights is not iterable or (weights | length) != n_runs -%}
        {{- exceptions.raise_compiler_error(rule ~ ", got " ~ weights) -}}
    {%- endif -%}
    {%- set checked = [] -%}
    {%- for weight in weights -%}
        {%- if not search_metrics.is_number(weight) or weight < 0 -%}
            {{- exceptions.raise_compiler_error(rule ~ ", got " ~ weight ~ " in " ~ weights ~ search_metrics.number_text_hint(weight)) -}}
        {%- endif -%}
        {%- do checked.append(weight | float) -%}
    {%- endfor -%}
    {%- if checked | sum == 0 -%}
        {{- exceptions.raise_compiler_error(rule ~ ", got " ~ weights) -}}
    {%- endif -%}
    {{- return(checked) -}}
{% endmacro %}
