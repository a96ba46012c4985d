{#-
  A relation of the counterfactual family's metrics, as a literal_relation: (metric, factor) rows ('clicks', null),
  ('ctr', null) and one ('paulscore', F) per PaulScore factor F (get_paulscore_factors); factor is a double.
-#}
{% macro counterfactual_metrics_relation(factors) %}
    {{- return(adapter.dispatch('counterfactual_metrics_relation', 'search_metrics')(factors)) -}}
{% endmacro %}

{% macro default__counterfactual_metrics_relation(factors) -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set text = dbt.type_string() -%}
    {%- set rows = [["cast('clicks' as " ~ text ~ ")", 'cast(null as ' ~ double ~ ')'],
                    ["cast('ctr' as " ~ text ~ ")", 'cast(null as ' ~ double ~ ')']] -%}
    {%- for factor in factors -%}
        {%- do rows.append(["cast('paulscore' as " ~ text ~ ")", 'cast(' ~ factor ~ ' as ' ~ double ~ ')']) -%}
    {%- endfor -%}
    {{ search_metrics.literal_relation(['metric', 'factor'], rows) }}
{%- endmacro %}
