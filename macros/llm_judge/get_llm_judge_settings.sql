{#-
  The llm_judge family's settings: var search_metrics_llm_judge, a dict whose keys replace these defaults
    function: null           the SQL function that answers a prompt: a name or schema.name (catalog.schema.name) of
                             a function taking the prompt text and returning the answer text. null = the warehouse's
                             own (warehouse_llm_function: Snowflake AI_COMPLETE, Databricks ai_query, BigQuery
                             AI.GENERATE); on the other adapters (DuckDB, PostgreSQL, Spark) null is an error.
    model: null              the model (Snowflake: required), serving endpoint (Databricks: required) or endpoint
                             (BigQuery: optional, its default model) of the warehouse's own function; an error with
                             `function` set, which takes the prompt alone
    connection_id: null      BigQuery's AI.GENERATE only: its connection_id; null = omitted (the user's credentials)
    prompt_template: null    the prompt: text with the placeholders {query} and {passage} (each at least once);
                             null = UMBRELA's prompt (umbrela_prompt)
    rater_id: 'llm:umbrela'  the rater_id of the judgments: non-empty text that var search_metrics_automated_raters
                             names (exactly or by a prefix pattern such as 'llm:*'), so that the judged metrics never
                             read its grades as a human's once they are appended to the judgments input
    max_pairs_per_run: null  at most this many pairs sent per run (a cost cap), a whole number from 1 to 2147483647;
                             null = every pending pair
  model and connection_id are names of letters, digits and . _ - : / @ (written as plain literals). An unknown key or
  a bad value is a compile error that names the var and the key. Returns the checked dict with these keys;
  prompt_template is the text (UMBRELA's when null), max_pairs_per_run none | int.
-#}
{% macro get_llm_judge_settings() %}
    {{- return(adapter.dispatch('get_llm_judge_settings', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_llm_judge_settings() %}
    {%- set defaults = {'function': none, 'model': none, 'connection_id': none, 'prompt_template': none,
                        'rater_id': 'llm:umbrela', 'max_pairs_per_run': none} -%}
    {%- set settings = search_metrics.settings_with_defaults('search_metrics_llm_judge', defaults) -%}
    {%- set prefix = "search_metrics: search_metrics_llm_judge" -%}
    {%- set own = search_metrics.warehouse_llm_function() -%}
    {%- set name_pattern = '^[A-Za-z0-9][A-Za-z0-9._:/@-]*$' -%}

    {%- set function = settings.function -%}
    {%- if function is none -%}
        {%- if own is none -%}
            {{- exceptions.raise_compiler_error(prefix ~ ".function is null, but " ~ target.type ~ " has no LLM function"
                ~ " of its own (Snowflake's AI_COMPLETE, Databricks' ai_query and BigQuery's AI.GENERATE are the ones"
                ~ " the package calls): set it to a SQL function you registered that takes the prompt text and returns"
                ~ " the answer text, or switch the family off (search_metrics_enable_llm_judge: false)") -}}
        {%- endif -%}
    {%- elif function is not string
        or not modules.re.match('^[A-Za-z_][A-Za-z0-9_]*([.][A-Za-z_][A-Za-z0-9_]*){0,2}$', function) -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".function must be the name (or schema.name) of a SQL function that"
            ~ " takes the prompt text and returns the answer text, or null (the warehouse's own), got " ~ function) -}}
    {%- endif -%}

    {%- set model = settings.model -%}
    {%- if model is not none -%}
        {%- if model is not string or not modules.re.match(name_pattern, model) -%}
            {{- exceptions.raise_compiler_error(prefix ~ ".model must be a model or endpoint name (letters, digits and"
                ~ " . _ - : / @) or null, got " ~ model) -}}
        {%- endif -%}
        {%- if function is not none -%}
            {{- exceptions.raise_compiler_error(prefix ~ ".model is read by the warehouse's own function only; with"
                ~ " .function set (" ~ function ~ ", which takes the prompt alone) leave it null, got " ~ model) -}}
        {%- endif -%}
    {%- elif function is none and own in ['AI_COMPLETE', 'ai_query'] -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".model is required on " ~ target.type ~ ": the "
            ~ ("model" if own == 'AI_COMPLETE' else "model serving endpoint") ~ " that " ~ own ~ " calls") -}}
    {%- endif -%}

    {%- set connection_id = settings.connection_id -%}
    {%- if connection_id is not none -%}
        {%- if connection_id is not string or not modules.re.match(name_pattern, connection_id) -%}
            {{- exceptions.raise_compiler_error(prefix ~ ".connection_id must be a connection name (letters, digits"
                ~ " and . _ - : / @) or null, got " ~ connection_id) -}}
        {%- endif -%}
        {%- if function is not none or own != 'AI.GENERATE' -%}
            {{- exceptions.raise_compiler_error(prefix ~ ".connection_id is read by BigQuery's AI.GENERATE only (here "
                ~ (("function " ~ function) if function is not none else target.type) ~ "): leave it null") -}}
        {%- endif -%}
    {%- endif -%}

    {%- set template = settings.prompt_template -%}
    {%- if template is none -%}
        {%- set template = search_metrics.umbrela_prompt() -%}
    {%- elif template is not string or '{query}' not in template or '{passage}' not in template -%}
        {%- set missing = [] -%}
        {%- for placeholder in ['{query}', '{passage}'] -%}
            {%- if template is not string or placeholder not in template -%}{%- do missing.append(placeholder) -%}{%- endif -%}
        {%- endfor -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".prompt_template must be text with the placeholders {query} and"
            ~ " {passage} (the query's and the document's text), or null (UMBRELA's prompt); it lacks "
            ~ (missing | join(' and '))) -}}
    {%- endif -%}

    {%- set rater_id = settings.rater_id -%}
    {%- if rater_id is not string or (rater_id | trim) == '' -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".rater_id must be non-empty text, got " ~ rater_id) -}}
    {%- endif -%}
    {%- set raters = search_metrics.get_automated_raters() -%}
    {%- set automated = namespace(found=rater_id in raters.exact) -%}
    {%- for rater_prefix in raters.prefixes if rater_id.startswith(rater_prefix) -%}
        {%- set automated.found = true -%}
    {%- endfor -%}
    {%- if not automated.found -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".rater_id '" ~ rater_id ~ "' is not an automated rater: add it, or"
            ~ " a prefix pattern such as 'llm:*', to var search_metrics_automated_raters (now "
            ~ var('search_metrics_automated_raters', ['sdbn', 'coec', 'pbm']) ~ "), so that its grades, once appended"
            ~ " to the judgments input, are held to the humans' instead of being read as a human's") -}}
    {%- endif -%}

    {%- set cap = settings.max_pairs_per_run -%}
    {%- if cap is not none and (not search_metrics.is_number(cap, whole=true) or cap < 1 or cap > 2147483647) -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".max_pairs_per_run must be a whole number from 1 to 2147483647"
            ~ " or null (every pending pair), got " ~ cap ~ search_metrics.number_text_hint(cap)) -}}
    {%- endif -%}

    {{- return({'function': function, 'model': model, 'connection_id': connection_id, 'prompt_template': template,
                'rater_id': rater_id, 'max_pairs_per_run': none if cap is none else cap | int}) -}}
{% endmacro %}
