{#- The (run_id, query_id) pairs a metric reports on: the given spine, or every pair found in results. -#}
{% macro spine_relation(results, spine=none) %}
    {{- return(adapter.dispatch('spine_relation', 'search_metrics')(results, spine)) -}}
{% endmacro %}

{% macro default__spine_relation(results, spine) -%}
    {%- if spine is not none -%}
    select run_id, query_id from {{ spine }}
    {%- else -%}
    select distinct run_id, query_id from {{ results }}
    {%- endif -%}
{%- endmacro %}
