{#-
  The first branches of a diversity metric's `case`: null for a query without subtopic judgments (`n_subtopics`
  null: ndeval does not evaluate it), and for a query whose judgments have no relevant doc (`n_subtopics` = 0)
  null (`no_subtopic` 'null') or 0 ('zero': ndeval's value, which its mean counts). `n_subtopics`: the SQL column
  of subtopic_counts. Returns `when ... then ...` branches.
-#}
{% macro no_subtopic_cases(n_subtopics, no_subtopic) %}
    {{- return(adapter.dispatch('no_subtopic_cases', 'search_metrics')(n_subtopics, no_subtopic)) -}}
{% endmacro %}

{% macro default__no_subtopic_cases(n_subtopics, no_subtopic) -%}
    when {{ n_subtopics }} is null then null
            when {{ n_subtopics }} = 0 then {{ 'cast(0 as ' ~ search_metrics.type_double() ~ ')' if no_subtopic == 'zero' else 'null' }}
{%- endmacro %}
