{#- Rule: a non-null grade is one of its row's scale's grades (binary 0,1; graded 0..3; detail 1..10). -#}
{% test search_metrics_grade_on_scale(model, column_name, scale_column='scale') %}
{%- set grades = search_metrics.scale_grades() -%}
select
    *,
    'grade must be a grade of its scale: binary 0,1; graded 0..3; detail 1..10' as rule_violated
from {{ model }}
where {{ column_name }} is not null
    and (
        {%- for scale, allowed in grades.items() %}
        ({{ scale_column }} = '{{ scale }}' and {{ column_name }} not in ({{ allowed | join(', ') }}))
        {%- if not loop.last %} or{% endif %}
        {%- endfor %}
    )
{% endtest %}
