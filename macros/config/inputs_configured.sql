{#-
  True when every var in `var_names` is configured: set (not null, not empty) or wired to an example
  (example_input). family_enabled uses it to decide whether a model family is built.
-#}
{% macro inputs_configured(var_names) %}
    {{- return(adapter.dispatch('inputs_configured', 'search_metrics')(var_names)) -}}
{% endmacro %}

{% macro default__inputs_configured(var_names) %}
    {%- for var_name in var_names -%}
        {%- if search_metrics.is_unset(var(var_name, none)) and search_metrics.example_input(var_name) is none -%}
            {{- return(false) -}}
        {%- endif -%}
    {%- endfor -%}
    {{- return(true) -}}
{% endmacro %}
