{#- The grades each scale allows: binary 0,1; graded 0..3; detail 1..10. -#}
{% macro scale_grades() %}
    {{- return({
        'binary': [0, 1],
        'graded': [0, 1, 2, 3],
        'detail': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    }) -}}
{% endmacro %}
