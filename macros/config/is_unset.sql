{#- True for a var value that means "not set": none (null) or empty text. -#}
{% macro is_unset(value) %}
    {{- return(value is none or (value is string and (value | trim) == '')) -}}
{% endmacro %}
