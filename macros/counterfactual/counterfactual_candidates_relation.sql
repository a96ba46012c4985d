{#-
  A one-column relation (candidate_run_id, text) holding the configured candidates (get_counterfactual_settings), as a
  literal_relation.
-#}
{% macro counterfactual_candidates_relation(candidates) %}
    {{- return(adapter.dispatch('counterfactual_candidates_relation', 'search_metrics')(candidates)) -}}
{% endmacro %}

{% macro default__counterfactual_candidates_relation(candidates) -%}
    {%- set rows = [] -%}
    {%- for candidate in candidates -%}
        {%- do rows.append(['cast(' ~ search_metrics.string_literal(candidate) ~ ' as ' ~ dbt.type_string() ~ ')']) -%}
    {%- endfor -%}
    {{ search_metrics.literal_relation(['candidate_run_id'], rows) }}
{%- endmacro %}
