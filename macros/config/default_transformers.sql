{#-
  The default grade transformers between scales: {'<from>_to_<to>': {grade: grade}}. With M = the graded
  scale's top grade and L = the relevance level (get_grading):
    graded_to_binary  g -> 1 if g >= L else 0
    binary_to_graded  0 -> 0, 1 -> M
    graded_to_detail  g -> 1 + round(9 g / M), halves up
    detail_to_graded  d -> ceil((d - 1) M / 9)
    detail_to_binary  1 -> 0, 2..10 -> 1;  binary_to_detail  0 -> 1, 1 -> 10
  With M = 3 and L = 1 these are SearchTweak's defaults (graded_to_detail 0,1,2,3 -> 1,4,7,10; detail_to_graded
  1 -> 0, 2..4 -> 1, 5..7 -> 2, 8..10 -> 3). Integer arithmetic only.
-#}
{% macro default_transformers() %}
    {%- set grading = search_metrics.get_grading() -%}
    {%- set top, level = grading.max_grade, grading.relevance_level -%}
    {%- set graded_to_binary, graded_to_detail, detail_to_graded = {}, {}, {} -%}
    {%- for g in range(0, top + 1) -%}
        {%- do graded_to_binary.update({g: 1 if g >= level else 0}) -%}
        {%- do graded_to_detail.update({g: 1 + (18 * g + top) // (2 * top)}) -%}
    {%- endfor -%}
    {%- for d in range(1, 11) -%}
        {%- do detail_to_graded.update({d: ((d - 1) * top + 8) // 9}) -%}
    {%- endfor -%}
    {{- return({
        'graded_to_binary': graded_to_binary,
        'detail_to_binary': {1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1},
        'detail_to_graded': detail_to_graded,
        'graded_to_detail': graded_to_detail,
        'binary_to_graded': {0: 0, 1: top},
        'binary_to_detail': {0: 1, 1: 10}
    }) -}}
{% endmacro %}
