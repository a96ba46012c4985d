{#- The constant pi as a SQL expression: pi() by default; acos(-1) on BigQuery, which has no pi(). -#}
{% macro pi() %}
    {{- return(adapter.dispatch('pi', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__pi() %}pi(){% endmacro %}

{% macro bigquery__pi() %}acos(-1){% endmacro %}
