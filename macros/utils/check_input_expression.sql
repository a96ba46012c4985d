{#-
  Checks an input var's value (input_relation), which is one relation name or one SQL expression by design
  (is_expression: read_parquet('...'), a (select ...) subquery): a compile error names the var when, outside
  string literals and quoted identifiers, it holds a statement separator `;`, a comment (`--` or `/*`, which could
  hide the rest of the statement), a parenthesis closed before it opens or left open, or a quote never closed.
  Literals are '...' with '' inside, identifiers "..." and `...` with the quote doubled inside. Spark reads a
  backslash in a '...' or "..." literal as an escape (\' does not close it), the other engines do not: the value is
  scanned both ways and must pass both. Returns nothing; the value is used as it is.
-#}
{% macro check_input_expression(var_name, value) %}
    {%- set text = value | string -%}
    {%- for backslash_escapes in [false, true] -%}
        {%- set scan = namespace(quote=none, escaped=false, depth=0, previous='', problem=none) -%}
        {%- for char in text -%}
            {%- if scan.problem is none -%}
                {%- if scan.quote is not none -%}
                    {%- if scan.escaped -%}
                        {%- set scan.escaped = false -%}
                    {%- elif backslash_escapes and char == '\\' and scan.quote != '`' -%}
                        {%- set scan.escaped = true -%}
                    {%- elif char == scan.quote -%}
                        {%- set scan.quote = none -%}
                    {%- endif -%}
                    {%- set char = '' -%}
                {%- elif char in ["'", '"', '`'] -%}
                    {%- set scan.quote = char -%}
                    {%- set char = '' -%}
                {%- elif char == ';' -%}
                    {%- set scan.problem = "a statement separator ';' outside string literals" -%}
                {%- elif char == '-' and scan.previous == '-' -%}
                    {%- set scan.problem = "a comment '--' outside string literals" -%}
                {%- elif char == '*' and scan.previous == '/' -%}
                    {%- set scan.problem = "a comment '/*' outside string literals" -%}
                {%- elif char == '(' -%}
                    {%- set scan.depth = scan.depth + 1 -%}
                {%- elif char == ')' -%}
                    {%- set scan.depth = scan.depth - 1 -%}
                    {%- if scan.depth < 0 -%}
                        {%- set scan.problem = "a ')' that closes no parenthesis" -%}
                    {%- endif -%}
                {%- endif -%}
                {%- set scan.previous = char -%}
            {%- endif -%}
        {%- endfor -%}
        {%- if scan.problem is none and scan.quote is not none -%}
            {%- set scan.problem = "a quote " ~ scan.quote ~ " that is never closed" -%}
        {%- elif scan.problem is none and scan.depth > 0 -%}
            {%- set scan.problem = "a '(' that is never closed" -%}
        {%- endif -%}
        {%- if scan.problem is not none -%}
            {{- exceptions.raise_compiler_error("search_metrics: var " ~ var_name ~ " must name one relation or hold one "
                ~ "SQL expression (a table, a ref, read_parquet('...'), a (select ...) subquery), but it has " ~ scan.problem
                ~ (" (reading a backslash in a literal as an escape, as Spark does)" if backslash_escapes else "")
                ~ ": " ~ text) -}}
        {%- endif -%}
    {%- endfor -%}
{% endmacro %}
