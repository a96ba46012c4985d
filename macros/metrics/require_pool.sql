{#- Compile-time check that a metric which needs the judged pool was given one. Renders nothing. -#}
{% macro require_pool(pool, what) %}
    {%- if pool is none -%}
        {{- exceptions.raise_compiler_error("search_metrics: " ~ what ~ " needs the pool of judged docs: pass pool=<relation with query_id, doc_id and the *_value columns>") -}}
    {%- endif -%}
{% endmacro %}
