{#-
  The number an input column holds, as a 64-bit double, whatever the column's type (the rank and grade columns of
  the staging models read through it, so a TREC file read as text is judged by the input rules, never rounded by a
  cast). A numeric column: its value as it is (fractions, NaN and ±infinity included: the rules judge them). A text
  column (is_text): the value of a text that is a whole number written in digits once its spaces are trimmed (an
  optional + or -, then 1 to 18 digits: '3', '-1', '+2', '007'); null for every other text ('1.5', 'high', '2e1',
  'NaN', '', a 19th digit) and for null. Each input rule that reads the column counts such a null (the rank rule
  as a missing rank; the grade's whole-number rule through the input's own text). On another warehouse (is_text
  false) a text column is read by a plain cast.
  PostgreSQL (and Redshift, which dbt-redshift sends it to) cannot tell a text column from a number without
  pg_typeof: it reads the column's text form (regexp_like: PostgreSQL 15 or later), which for a numeric column is its value written out, as a number
  when it is one (an optional sign, digits with an optional fraction, an exponent of at most two digits, 30
  characters at most; or NaN, Infinity, inf), else null. A numeric column gives its value as on DuckDB (but null
  for a value PostgreSQL writes with a longer exponent, which no rule accepts either); a text column also reads
  '1.5', '2e1' or 'NaN' as numbers, which fail the same rules as DuckDB's null, except a whole value in exponent
  form that is a grade or rank ('1e0': 1 here, null and an error on DuckDB).
-#}
{% macro input_number(expression) %}
    {{- return(adapter.dispatch('input_number', 'search_metrics')(expression)) -}}
{% endmacro %}

{% macro default__input_number(expression) -%}
    {%- set text = 'trim(' ~ search_metrics.as_text(expression) ~ ')' -%}
    {%- set unsigned = "case when substr(" ~ text ~ ", 1, 1) in ('+', '-') then substr(" ~ text ~ ", 2) else " ~ text ~ " end" -%}
    case
        when {{ search_metrics.is_text(expression) }} then
            case
                when length({{ unsigned }}) between 1 and 18 and translate({{ unsigned }}, '0123456789', '') = ''
                    then {{ search_metrics.as_double(text) }}
            end
        else {{ search_metrics.as_double(expression) }}
    end
{%- endmacro %}

{% macro postgres__input_number(expression) -%}
    {%- set text = 'trim(' ~ search_metrics.as_text(expression) ~ ')' -%}
    case
        when length({{ text }}) <= 30
            and (regexp_like({{ text }}, '^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]{1,2})?$')
                 or lower({{ text }}) in ('nan', 'infinity', '+infinity', '-infinity', 'inf', '+inf', '-inf'))
            then {{ search_metrics.as_double(text) }}
    end
{%- endmacro %}

{#- Redshift has no regexp_like: the same pattern with its POSIX operator ~ -#}
{% macro redshift__input_number(expression) -%}
    {%- set text = 'trim(' ~ search_metrics.as_text(expression) ~ ')' -%}
    case
        when length({{ text }}) <= 30
            and ({{ text }} ~ '^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]{1,2})?$'
                 or lower({{ text }}) in ('nan', 'infinity', '+infinity', '-infinity', 'inf', '+inf', '-inf'))
            then {{ search_metrics.as_double(text) }}
    end
{%- endmacro %}
