{#- The cutoff that stands for "no cutoff" (whole_list metrics): largest_rank(), at or above every valid rank. -#}
{% macro whole_list_cutoff() %}
    {{- return(search_metrics.largest_rank()) -}}
{% endmacro %}
