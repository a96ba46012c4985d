{#-
  The LLM's answer to `prompt` (a SQL text expression) as a SQL text expression, from the settings of
  get_llm_judge_settings. With `function` set, on every adapter: function(prompt), a SQL function the user
  registered that takes the prompt text and returns the answer text. Otherwise the warehouse's own function, as its
  vendor documents it (docs/llm_judge.md cites the pages):
    Snowflake   AI_COMPLETE(<model>, <prompt>): the single-string form, which returns the answer as a string
    Databricks  ai_query(<endpoint>, <request>): a foundation-model or external-model serving endpoint, a STRING
                request; it returns the parsed answer (STRING) and fails the query on an error (failOnError's default)
    BigQuery    AI.GENERATE(<prompt> [, connection_id => ...] [, endpoint => ...]).result: the STRUCT's STRING
                result, null when the call failed (its status field says why)
  The model / endpoint / connection names are plain literals (their characters are checked by the settings). The
  warehouse variants are checked only by the sqlglot gate (tests/python/test_llm_judge.py), never run here.
-#}
{% macro llm_complete(prompt, settings) %}
    {{- return(adapter.dispatch('llm_complete', 'search_metrics')(prompt, settings)) -}}
{% endmacro %}

{% macro default__llm_complete(prompt, settings) -%}
    {%- if settings.function is none -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_llm_judge.function is null, but "
            ~ target.type ~ " has no LLM function of its own") -}}
    {%- endif -%}
    {{ settings.function }}({{ prompt }})
{%- endmacro %}

{% macro snowflake__llm_complete(prompt, settings) -%}
    {%- if settings.function is not none -%}
        {{ search_metrics.default__llm_complete(prompt, settings) }}
    {%- else -%}
        AI_COMPLETE('{{ settings.model }}', {{ prompt }})
    {%- endif -%}
{%- endmacro %}

{% macro databricks__llm_complete(prompt, settings) -%}
    {%- if settings.function is not none -%}
        {{ search_metrics.default__llm_complete(prompt, settings) }}
    {%- else -%}
        ai_query('{{ settings.model }}', {{ prompt }})
    {%- endif -%}
{%- endmacro %}

{% macro bigquery__llm_complete(prompt, settings) -%}
    {%- if settings.function is not none -%}
        {{ search_metrics.default__llm_complete(prompt, settings) }}
    {%- else -%}
        AI.GENERATE({{ prompt }}
        {%- if settings.connection_id is not none %}, connection_id => '{{ settings.connection_id }}'{% endif %}
        {%- if settings.model is not none %}, endpoint => '{{ settings.model }}'{% endif %}).result
    {%- endif -%}
{%- endmacro %}
