{#-
  True when every var in `var_names` names an input relation. A model family is enabled only when its inputs
  are configured: judged-list models need search_metrics_results and search_metrics_judgments, click models
  their log tables, so a project with only one kind of data builds only that family.
-#}
{% macro inputs_configured(var_names) %}
    {{- return(adapter.dispatch('inputs_configured', 'search_metrics')(var_names)) -}}
{% endmacro %}

{% macro default__inputs_configured(var_names) %}
    {%- for var_name in var_names -%}
        {%- if (var(var_name, '') | string | trim) in ('', 'None', 'none') -%}
            {{- return(false) -}}
        {%- endif -%}
    {%- endfor -%}
    {{- return(true) -}}
{% endmacro %}
