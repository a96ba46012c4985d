{#- The grades each scale allows: binary 0, 1; graded 0..max_grade (var search_metrics_max_grade, default 3);
    detail 1..10. A negative graded grade is read before this (get_grading's negative_grades). -#}
{% macro scale_grades() %}
    {{- return({
        'binary': [0, 1],
        'graded': range(0, search_metrics.get_grading().max_grade + 1) | list,
        'detail': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    }) -}}
{% endmacro %}
