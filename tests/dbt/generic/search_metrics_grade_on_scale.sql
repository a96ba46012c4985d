{#-
  Rule: a non-null grade is one of its row's scale's grades: binary 0, 1; graded 0..max_grade (var
  search_metrics_max_grade, default 3); detail 1..10. A negative whole number on the graded scale is allowed when
  var search_metrics_negative_grades is 'unjudged' or 'zero' (it is read as that says), and an error under
  'reject' (the default).
-#}
{% test search_metrics_grade_on_scale(model, column_name, scale_column='scale') %}
{%- set grades = search_metrics.scale_grades() -%}
{%- set grading = search_metrics.get_grading() -%}
{%- set negatives_allowed = grading.negative_grades != 'reject' -%}
select
    *,
    'grade must be a grade of its scale: binary 0,1; graded 0..{{ grading.max_grade }}
    {%- if negatives_allowed %} or a negative whole number (read as {{ grading.negative_grades }}){% else %} (negative grades are rejected: see search_metrics_negative_grades){% endif %}; detail 1..10' as rule_violated
from {{ model }}
where {{ column_name }} is not null
    and (
        {%- for scale, allowed in grades.items() %}
        ({{ scale_column }} = '{{ scale }}' and {{ column_name }} not in ({{ allowed | join(', ') }})
        {%- if scale == 'graded' and negatives_allowed %}
            and not ({{ column_name }} < 0 and {{ column_name }} = floor({{ column_name }}))
        {%- endif %})
        {%- if not loop.last %} or{% endif %}
        {%- endfor %}
    )
{% endtest %}
