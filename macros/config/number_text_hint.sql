{#-
  Why a number var holds text, for the message that rejects it (is_number is false for text): dbt reads
  dbt_project.yml and --vars as YAML 1.1, where a number with an exponent is a float only with a point in the
  mantissa and a sign in the exponent: 1.0e+6 is a number, 1e6, 1.0e6 and 1e+6 are text. Returns '' unless `value`
  is text that reads as a number; then, to append to the message, " ('1e6' is text to YAML 1.1, which dbt reads
  vars with: write 1.0e+6, with a point and a signed exponent)" (the same number in YAML 1.1's form), or for text
  without an exponent (a quoted number) " ('0.5' is text, not a number: write it without quotes)".
  A compile-time helper (not dispatched: it renders no SQL).
-#}
{% macro number_text_hint(value) %}
    {%- if value is not string -%}
        {{- return('') -}}
    {%- endif -%}
    {%- set number = modules.re.match('^([-+]?)([0-9]+[.]?[0-9]*|[.][0-9]+)(?:[eE]([-+]?)([0-9]+))?$', value | trim) -%}
    {%- if number is none -%}
        {{- return('') -}}
    {%- endif -%}
    {%- if number.group(4) is none -%}
        {{- return(" ('" ~ value ~ "' is text, not a number: write it without quotes)") -}}
    {%- endif -%}
    {%- set mantissa = number.group(2) -%}
    {%- if mantissa.startswith('.') -%}{%- set mantissa = '0' ~ mantissa -%}{%- endif -%}
    {%- if '.' not in mantissa -%}{%- set mantissa = mantissa ~ '.0' -%}{%- elif mantissa.endswith('.') -%}{%- set mantissa = mantissa ~ '0' -%}{%- endif -%}
    {%- set written = number.group(1) ~ mantissa ~ 'e' ~ (number.group(3) or '+') ~ number.group(4) -%}
    {{- return(" ('" ~ value ~ "' is text to YAML 1.1, which dbt reads vars with: write " ~ written
        ~ ", with a point and a signed exponent)") -}}
{% endmacro %}
