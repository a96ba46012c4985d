{#-
  The risk aversions of var search_metrics_risk as a relation (literal_relation): one row per configured alpha, in
  the order given, with alpha_index (1, 2, ...; the key the risk models join on, exact on every engine) and alpha (a
  double). Read by search_run_risk and search_run_georisk.
-#}
{% macro risk_alphas_relation(alphas) %}
    {{- return(adapter.dispatch('risk_alphas_relation', 'search_metrics')(alphas)) -}}
{% endmacro %}

{% macro default__risk_alphas_relation(alphas) -%}
    {%- set rows = [] -%}
    {%- for alpha in alphas -%}
        {%- do rows.append([loop.index, 'cast(' ~ alpha ~ ' as ' ~ search_metrics.type_double() ~ ')']) -%}
    {%- endfor -%}
    {{ search_metrics.literal_relation(['alpha_index', 'alpha'], rows) }}
{%- endmacro %}
