{#- The cutoff that stands for "no cutoff" (whole_list metrics): 2^31 - 1, above any rank. -#}
{% macro whole_list_cutoff() %}
    {{- return(2147483647) -}}
{% endmacro %}
