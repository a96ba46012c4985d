{#-
  The SQL key words a column var may not name (get_input_column): those PostgreSQL and DuckDB reserve, also where a
  type or function name may stand (`select`, `from`, `order`, `left`, `join`, ...), and the join words Spark never
  reads as a name (`minus`, `semi`, `anti`). The staging models write a column var's name unquoted (quoting would
  make it case-sensitive on PostgreSQL), so such a name would be a syntax error, or another query. Lower case.
-#}
{% macro reserved_words() %}
    {{- return([
        'all', 'analyse', 'analyze', 'and', 'anti', 'any', 'array', 'as', 'asc', 'asof', 'asymmetric', 'at',
        'authorization', 'binary', 'both', 'by', 'case', 'cast', 'check', 'collate', 'collation', 'column', 'columns',
        'concurrently', 'constraint', 'create', 'cross', 'current_catalog', 'current_date', 'current_role',
        'current_schema', 'current_time', 'current_timestamp', 'current_user', 'default', 'deferrable', 'desc',
        'describe', 'distinct', 'do', 'else', 'end', 'except', 'false', 'fetch', 'for', 'foreign', 'freeze', 'from',
        'full', 'generated', 'glob', 'grant', 'group', 'having', 'ilike', 'in', 'initially', 'inner', 'intersect',
        'into', 'is', 'isnull', 'join', 'lambda', 'lateral', 'leading', 'left', 'like', 'limit', 'localtime',
        'localtimestamp', 'map', 'minus', 'natural', 'not', 'notnull', 'null', 'offset', 'on', 'only', 'or', 'order',
        'outer', 'overlaps', 'pivot', 'pivot_longer', 'pivot_wider', 'placing', 'positional', 'primary', 'qualify',
        'references', 'returning', 'right', 'select', 'semi', 'session_user', 'setminus', 'show', 'similar', 'some',
        'struct', 'summarize', 'symmetric', 'table', 'tablesample', 'then', 'to', 'trailing', 'true', 'try_cast',
        'tuple', 'union', 'unique', 'unpack', 'unpivot', 'user', 'using', 'variadic', 'verbose', 'when', 'where',
        'window', 'with']) -}}
{% endmacro %}
