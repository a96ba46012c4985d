{#-
  A click model's relevance as the click models compare it: rounded to 12 decimals, as an integer count of 1e-12
  (bigint). The engines sum the same terms in different orders, and the last bits of a sum must not decide whether
  two relevances tie (search_click_judgment_agreement) or whether a relevance reaches a grade threshold
  (search_click_judgments). A threshold is compared by the same key, computed at compile time by
  relevance_threshold_key.
-#}
{% macro relevance_key(expression) %}
    {{- return(adapter.dispatch('relevance_key', 'search_metrics')(expression)) -}}
{% endmacro %}

{% macro default__relevance_key(expression) -%}
    cast(floor({{ expression }} * 1000000000000 + 0.5) as {{ dbt.type_bigint() }})
{%- endmacro %}
