{#- The parts of a dotted relation name, each without its quotes ("x" or `x`): 'a."b".c' -> ['a', 'b', 'c']. -#}
{% macro relation_name_parts(name) %}
    {%- set parts = [] -%}
    {%- for part in (name | string).split('.') -%}
        {%- do parts.append(part | trim | replace('"', '') | replace('`', '')) -%}
    {%- endfor -%}
    {{- return(parts) -}}
{% endmacro %}
