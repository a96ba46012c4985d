{#-
  The prompt of one (query, document) pair as a SQL text expression: `template` (var
  search_metrics_llm_judge.prompt_template, UMBRELA's by default) with every {query} replaced by the expression
  `query_text` and every {passage} by the expression `passage_text`, joined with ||. The template's text is written
  as literals line by line (string_literal, so a quote or a backslash in it reads back as itself on every engine),
  each newline as chr(10); BigQuery, whose quoted literals hold no newline and which has no chr(), gets one escaped
  literal per piece (\n, \r, \' and \\). A null text makes a null prompt (search_llm_judgments sends only pairs with
  both texts).
-#}
{% macro llm_prompt(template, query_text, passage_text) %}
    {{- return(adapter.dispatch('llm_prompt', 'search_metrics')(template, query_text, passage_text)) -}}
{% endmacro %}

{% macro default__llm_prompt(template, query_text, passage_text) %}
    {%- set parts = [] -%}
    {%- for piece in modules.re.split('([{]query[}]|[{]passage[}])', template) -%}
        {%- if piece == '{query}' -%}
            {%- do parts.append(query_text) -%}
        {%- elif piece == '{passage}' -%}
            {%- do parts.append(passage_text) -%}
        {%- elif piece -%}
            {%- for line in piece.split('\n') -%}
                {%- if not loop.first -%}{%- do parts.append('chr(10)') -%}{%- endif -%}
                {%- if line -%}{%- do parts.append(search_metrics.string_literal(line)) -%}{%- endif -%}
            {%- endfor -%}
        {%- endif -%}
    {%- endfor -%}
    {{- return('(' ~ (parts | join(' || ')) ~ ')') -}}
{% endmacro %}

{% macro bigquery__llm_prompt(template, query_text, passage_text) %}
    {%- set parts = [] -%}
    {%- for piece in modules.re.split('([{]query[}]|[{]passage[}])', template) -%}
        {%- if piece == '{query}' -%}
            {%- do parts.append(query_text) -%}
        {%- elif piece == '{passage}' -%}
            {%- do parts.append(passage_text) -%}
        {%- elif piece -%}
            {%- set escaped = piece.replace('\\', '\\\\').replace("'", "\\'").replace('\n', '\\n').replace('\r', '\\r') -%}
            {%- do parts.append("'" ~ escaped ~ "'") -%}
        {%- endif -%}
    {%- endfor -%}
    {{- return('(' ~ (parts | join(' || ')) ~ ')') -}}
{% endmacro %}
