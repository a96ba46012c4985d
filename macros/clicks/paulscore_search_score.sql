{#-
  PaulScore's search score ν as an aggregate over a search's distinct clicked positions p (1-based):
  ν = Σ F^(p − 1); 0 when the search has no click (position null on every row of the group).
  The caller groups by search (and factor) and passes each clicked position once.
-#}
{% macro paulscore_search_score(factor, position) %}
    {{- return(adapter.dispatch('paulscore_search_score', 'search_metrics')(factor, position)) -}}
{% endmacro %}

{% macro default__paulscore_search_score(factor, position) -%}
    coalesce(sum(power(
        {{ search_metrics.as_double(factor) }},
        {{ search_metrics.as_double(position ~ ' - 1') }}
    )), 0)
{%- endmacro %}
