{#-
  A plan term's name from its parts (metric_plan): the parts joined by '_', a number written with 'p' for its
  decimal point and 'm' for its minus sign (threshold 0.5 -> 0p5), a null part (a whole-list term's cutoff) as
  'all'. Two terms share a name exactly when they compute the same thing.
-#}
{% macro plan_name(parts) %}
    {%- set written = [] -%}
    {%- for part in parts -%}
        {%- do written.append('all' if part is none else (part | string | replace('.', 'p') | replace('-', 'm'))) -%}
    {%- endfor -%}
    {{- return(written | join('_')) -}}
{% endmacro %}
