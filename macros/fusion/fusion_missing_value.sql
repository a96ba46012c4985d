{#-
  What a doc absent from one input run's list contributes, by ranx's convention (docs/fusion.md): a double SQL
  expression, or none when the run does not hold the doc (then it adds nothing: 0 in sum, wsum, rrf; it is left out
  of mnz, anz, med, isr and log_isr's count and values; max and min read it as -1e9 and 1e9, fusion_combined_score).
  `n_results`: the SQL expression of the run's list length for the query (0 when the run lacks the query, as ranx
  reads an empty list); `n_candidates`: the number of docs in the union of the fusion's runs for the query.
    norm borda (any score method)   0.5 - (n_results - 1) / (2 n_candidates)     (ranx borda_norm)
    bordafuse, w_bordafuse          (n_candidates - n_results + 1) / 2           (ranx _borda_score)
  With either every run holds every doc of the union.
-#}
{% macro fusion_missing_value(method, norm, n_results, n_candidates) %}
    {{- return(adapter.dispatch('fusion_missing_value', 'search_metrics')(method, norm, n_results, n_candidates)) -}}
{% endmacro %}

{% macro default__fusion_missing_value(method, norm, n_results, n_candidates) -%}
    {%- if method in ('bordafuse', 'w_bordafuse') -%}
        {{- return(search_metrics.as_double('(' ~ n_candidates ~ ') - (' ~ n_results ~ ') + 1') ~ ' / 2') -}}
    {%- elif norm == 'borda' and method not in ('rrf', 'isr', 'log_isr') -%}
        {{- return('0.5 - ' ~ search_metrics.as_double('(' ~ n_results ~ ') - 1') ~ ' / (2 * (' ~ n_candidates ~ '))') -}}
    {%- endif -%}
    {{- return(none) -}}
{%- endmacro %}
