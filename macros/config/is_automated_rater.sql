{#-
  A SQL boolean expression: the rater_id in `column` (text) is an automated judge of var
  search_metrics_automated_raters (get_automated_raters): equal to an exact entry, or starting with a prefix
  entry (compared with substr on the prefix's length, so '%' and '_' in a prefix are plain characters). False for a
  null rater_id (a human) and when no rater is automated.
-#}
{% macro is_automated_rater(column) %}
    {{- return(adapter.dispatch('is_automated_rater', 'search_metrics')(column)) -}}
{% endmacro %}

{% macro default__is_automated_rater(column) -%}
    {%- set raters = search_metrics.get_automated_raters() -%}
    {%- set tests = [] -%}
    {%- if raters.exact -%}
        {%- set literals = [] -%}
        {%- for rater in raters.exact -%}{%- do literals.append(search_metrics.string_literal(rater)) -%}{%- endfor -%}
        {%- do tests.append(column ~ ' in (' ~ (literals | join(', ')) ~ ')') -%}
    {%- endif -%}
    {%- for prefix in raters.prefixes -%}
        {%- do tests.append('substr(' ~ column ~ ', 1, ' ~ (prefix | length) ~ ') = ' ~ search_metrics.string_literal(prefix)) -%}
    {%- endfor -%}
    {%- if tests -%}
        (coalesce({{ tests | join(' or ') }}, false))
    {%- else -%}
        (1 = 0)
    {%- endif -%}
{%- endmacro %}
