{#-
  Reads the text of a settings-dict key that names a relation (search_metrics_trec_eval.zscores): dbt renders the
  Jinja of a top-level var's text, but not of text nested in a dict, so such a key's "{{ ref('x') }}" reaches the
  package as it was written. `setting`: the key's name for the message ('search_metrics_trec_eval.zscores');
  `value`: its text. Returns none for text without Jinja (a 'schema.table' name or an expression, used as the
  top-level input vars use theirs), or, for one of the three forms the package reads itself, {'function': 'ref' or
  'source', 'args': the quoted names}: "{{ ref('model') }}", "{{ ref('package', 'model') }}" and
  "{{ source('source_name', 'table_name') }}" (either quote, spaces allowed, {{- -}} too). Any other text holding
  {{, {% or {# is a compile error naming the key and the forms it accepts. Checks only: setting_relation calls
  ref() / source(). A compile-time helper (not dispatched: it renders no SQL).
-#}
{% macro setting_relation_call(setting, value) %}
    {%- set text = value | string -%}
    {%- if '{{' not in text and '{%' not in text and '{#' not in text -%}
        {{- return(none) -}}
    {%- endif -%}
    {%- set quoted = "(?:'[^'\"]*'|\"[^'\"]*\")" -%}
    {%- set call = modules.re.match("^\\s*[{][{]-?\\s*(ref|source)\\s*[(](.*)[)]\\s*-?[}][}]\\s*$", text, modules.re.S) -%}
    {%- set arguments = none -%}
    {%- if call is not none -%}
        {%- if modules.re.match("^\\s*" ~ quoted ~ "(?:\\s*,\\s*" ~ quoted ~ ")" ~ ('{0,1}' if call.group(1) == 'ref' else '{1}') ~ "\\s*$", call.group(2)) -%}
            {%- set arguments = [] -%}
            {%- for single, double in modules.re.findall("'([^'\"]*)'|\"([^'\"]*)\"", call.group(2)) -%}
                {%- do arguments.append(single ~ double) -%}
            {%- endfor -%}
        {%- endif -%}
    {%- endif -%}
    {%- if arguments is none or '' in arguments -%}
        {{- exceptions.raise_compiler_error("search_metrics: " ~ setting ~ " must name a relation as 'schema.table', "
            ~ "\"{{ ref('model') }}\", \"{{ ref('package', 'model') }}\" or \"{{ source('source_name', 'table_name') }}\" "
            ~ "(dbt does not render the text of a key of a dict var, so the package reads these forms itself), or hold "
            ~ "one SQL expression without Jinja; got " ~ text) -}}
    {%- endif -%}
    {{- return({'function': call.group(1), 'args': arguments}) -}}
{% endmacro %}
