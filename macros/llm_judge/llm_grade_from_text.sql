{#-
  The grade a number text stands for, as a SQL integer expression: `number_text` (a SQL text expression, what
  llm_grade's regular expressions found; null or '' when nothing) equal to one of '0'..'<max_grade>' (var
  search_metrics_max_grade, get_grading), or to one of them followed by '.', gives that whole number; anything else
  (2.5, 02, 7 above the scale, '', null) gives null. A comparison with literals written at compile time, so every
  engine reads it alike.
-#}
{% macro llm_grade_from_text(number_text) %}
    {{- return(adapter.dispatch('llm_grade_from_text', 'search_metrics')(number_text)) -}}
{% endmacro %}

{% macro default__llm_grade_from_text(number_text) -%}
    {%- set max_grade = search_metrics.get_grading().max_grade -%}
    cast(case {{ number_text }}
        {%- for grade in range(max_grade + 1) %}
        when '{{ grade }}' then {{ grade }} when '{{ grade }}.' then {{ grade }}
        {%- endfor %}
    end as {{ dbt.type_int() }})
{%- endmacro %}
