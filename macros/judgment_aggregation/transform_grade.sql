{#-
  A CASE expression: the grade in `grade_column`, given on the scale named in `scale_column`, transformed to
  `target_scale` with the transformers in force (identity when the scales are equal). A grade that is not on
  its scale, or an unknown scale, gives null here; the input data tests fail the build on those rows.
-#}
{% macro transform_grade(grade_column, scale_column, target_scale) %}
    {{- return(adapter.dispatch('transform_grade', 'search_metrics')(grade_column, scale_column, target_scale)) -}}
{% endmacro %}

{% macro default__transform_grade(grade_column, scale_column, target_scale) -%}
    {%- set grades = search_metrics.scale_grades() -%}
    {%- set transformers = search_metrics.get_transformers() -%}
    case
        {%- for source_scale in ['binary', 'graded', 'detail'] %}
        {%- set mapping = {} -%}
        {%- if source_scale == target_scale -%}
            {%- for grade in grades[source_scale] -%}{%- do mapping.update({grade: grade}) -%}{%- endfor -%}
        {%- else -%}
            {%- set mapping = transformers[source_scale ~ '_to_' ~ target_scale] -%}
        {%- endif %}
        when {{ scale_column }} = '{{ source_scale }}' then case {{ grade_column }}
            {%- for grade in grades[source_scale] %} when {{ grade }} then {{ mapping[grade] }}{% endfor %} end
        {%- endfor %}
    end
{%- endmacro %}
