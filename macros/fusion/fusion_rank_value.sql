{#-
  The value of a doc its input run holds, for a rank method (ranx/fusion/*.py; docs/fusion.md): `list` is the table
  alias of a row with position (1-based, in the run's rank order), `k` RRF's k (a number), `n_candidates` the SQL
  expression of the number of docs in the union of the fusion's runs for the query. Returns a double SQL expression:
    rrf                      1 / (k + position)
    isr, log_isr             1 / position^2
    bordafuse, w_bordafuse   n_candidates - (position - 1)    (a doc the run lacks: fusion_missing_value)
  Never null.
-#}
{% macro fusion_rank_value(method, list, k, n_candidates) %}
    {{- return(adapter.dispatch('fusion_rank_value', 'search_metrics')(method, list, k, n_candidates)) -}}
{% endmacro %}

{% macro default__fusion_rank_value(method, list, k, n_candidates) -%}
    {%- if method == 'rrf' -%}
    1 / ({{ search_metrics.as_double("%.17g" | format(k)) }} + {{ list }}.position)
    {%- elif method in ('isr', 'log_isr') -%}
    1 / {{ search_metrics.as_double(list ~ '.position * ' ~ list ~ '.position') }}
    {%- elif method in ('bordafuse', 'w_bordafuse') -%}
    {{ search_metrics.as_double('(' ~ n_candidates ~ ') - (' ~ list ~ '.position - 1)') }}
    {%- else -%}
    {{- exceptions.raise_compiler_error("search_metrics: fusion_rank_value has no rank method " ~ method) -}}
    {%- endif -%}
{%- endmacro %}
