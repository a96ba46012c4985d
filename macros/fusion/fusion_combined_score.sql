{#-
  The fused score of one doc by ranx's method (ranx/fusion/*.py; docs/fusion.md), as a double SQL expression over
  the columns of `docs` (a table alias): value_1 .. value_<n_runs> (the doc's value in each input run, null when the
  run does not hold it), n_holding (the runs that hold it), median_low and median_high (its two middle values, the
  same one for an odd count; med only), and the columns weight_1 .. weight_<n_runs> of `weights` (wsum,
  w_bordafuse). The runs are added in their order in the var, left to right, as ranx's sum() adds them, so the
  result has the same bits on every engine:
    sum, rrf, bordafuse      v_1 + ... + v_n            (absent: 0)
    wsum, w_bordafuse        w_1 v_1 + ... + w_n v_n    (absent: 0)
    mnz, isr                 (v_1 + ... + v_n) * n_holding
    log_isr                  (v_1 + ... + v_n) * ln(n_holding)
    anz                      (v_1 + ... + v_n) / n_holding
    max, min                 the largest / smallest of the values, an absent one read as -1e9 / 1e9
    med                      (median_low + median_high) / 2
  Never null when every held value is not null.
-#}
{% macro fusion_combined_score(method, n_runs, docs, weights) %}
    {{- return(adapter.dispatch('fusion_combined_score', 'search_metrics')(method, n_runs, docs, weights)) -}}
{% endmacro %}

{% macro default__fusion_combined_score(method, n_runs, docs, weights) -%}
    {%- set terms = [] -%}
    {%- for i in range(1, n_runs + 1) -%}
        {%- if method in ('wsum', 'w_bordafuse') -%}
            {%- do terms.append(weights ~ '.weight_' ~ i ~ ' * coalesce(' ~ docs ~ '.value_' ~ i ~ ', 0)') -%}
        {%- elif method == 'max' -%}
            {%- do terms.append('coalesce(' ~ docs ~ '.value_' ~ i ~ ', ' ~ search_metrics.as_double('-1e9') ~ ')') -%}
        {%- elif method == 'min' -%}
            {%- do terms.append('coalesce(' ~ docs ~ '.value_' ~ i ~ ', ' ~ search_metrics.as_double('1e9') ~ ')') -%}
        {%- else -%}
            {%- do terms.append('coalesce(' ~ docs ~ '.value_' ~ i ~ ', 0)') -%}
        {%- endif -%}
    {%- endfor -%}
    {%- set total = '(' ~ (terms | join(' + ')) ~ ')' -%}
    {%- if method in ('sum', 'rrf', 'bordafuse', 'wsum', 'w_bordafuse') -%}
    {{ total }}
    {%- elif method in ('mnz', 'isr') -%}
    {{ total }} * {{ docs }}.n_holding
    {%- elif method == 'log_isr' -%}
    {{ total }} * ln({{ search_metrics.as_double(docs ~ '.n_holding') }})
    {%- elif method == 'anz' -%}
    {{ total }} / {{ docs }}.n_holding
    {%- elif method == 'max' -%}
    greatest({{ terms | join(', ') }})
    {%- elif method == 'min' -%}
    least({{ terms | join(', ') }})
    {%- elif method == 'med' -%}
    ({{ docs }}.median_low + {{ docs }}.median_high) / 2
    {%- else -%}
    {{- exceptions.raise_compiler_error("search_metrics: fusion_combined_score has no method " ~ method) -}}
    {%- endif -%}
{%- endmacro %}
