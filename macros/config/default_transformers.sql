{#- SearchTweak's default grade transformers between scales: {'<from>_to_<to>': {grade: grade}}. -#}
{% macro default_transformers() %}
    {{- return({
        'graded_to_binary': {0: 0, 1: 1, 2: 1, 3: 1},
        'detail_to_binary': {1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1},
        'detail_to_graded': {1: 0, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 3, 9: 3, 10: 3},
        'graded_to_detail': {0: 1, 1: 4, 2: 7, 3: 10},
        'binary_to_graded': {0: 0, 1: 3},
        'binary_to_detail': {0: 1, 1: 10}
    }) -}}
{% endmacro %}
