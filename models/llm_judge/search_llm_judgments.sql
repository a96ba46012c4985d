{#-
  The judging queue (search_judgment_queue) judged by an LLM: one row per (query_id, doc_id, rater_id) it sent, in
  the judgments contract (query_id, doc_id, rater_id, grade, scale 'graded') plus the LLM's answer, the settings it
  was judged with (judge_settings: function, model, connection_id and the md5 of the prompt template, as JSON) and
  judged_at.
  Incremental and append-only: each run sends only the queue pairs that this rater (var
  search_metrics_llm_judge.rater_id) has not judged, neither in this table nor with a non-null grade in the
  judgments input (where its rows are appended, docs/llm_judge.md), so that no pair is paid for twice; the queue
  itself leaves out the pairs a human graded. A pair is sent only when its query (var search_metrics_queries) and
  its document (var search_metrics_documents) have text (has_text); the others wait, counted by the warning test
  search_llm_judgments__queue_pair_should_have_query_and_document_text. With max_pairs_per_run, the first pairs by
  priority_rank (every query's first pair, then every query's second, ...), then priority descending (at 12
  decimals), query_id and doc_id in binary order.
  The prompt is the template with the two texts (llm_prompt), the answer the warehouse's or the user's function
  (llm_complete), computed once per pair in one CTE (materialized on PostgreSQL), the grade the number the answer
  gives (llm_grade): null when it gives none, the row kept with its answer and counted by the warning test
  search_llm_judgments__answer_should_give_a_grade; such a pair is not sent again (delete its row to retry).
-#}
{%- set enabled = search_metrics.family_enabled('llm_judge') -%}
{%- set model_enabled = enabled -%}
{{ config(enabled=model_enabled, **search_metrics.llm_judge_config()) }}
{%- if model_enabled %}
{#- The settings are read only when the family is on: the default function is an error on the adapters without an
    LLM function of their own, and dbt renders a disabled model too. #}
{%- if enabled -%}
{%- set settings = search_metrics.get_llm_judge_settings() -%}
{%- set rater = search_metrics.string_literal(settings.rater_id) -%}
{#- what each row was judged with: a log of judgments keeps rows of other settings (it is not rebuilt when they
    change, which would pay for every pair again), so each row says which (docs/llm_judge.md) -#}
{%- set judge_settings = tojson({'function': settings.function, 'model': settings.model,
                                 'connection_id': settings.get('connection_id'),
                                 'prompt_template_md5': local_md5(settings.prompt_template)}) -%}

with judged_pairs as (
    {#- The pairs this rater has judged: graded in the judgments input, or in this table (graded or not). #}
    select query_id, doc_id
    from {{ ref('search_metrics_stg_judgments') }}
    where rater_id = {{ rater }}
        and grade is not null
    {%- if is_incremental() %}
    union all
    select query_id, doc_id
    from {{ this }}
    where rater_id = {{ rater }}
    {%- endif %}
),

pending_pairs as (
    select queue.query_id, queue.doc_id, queue.priority, queue.priority_rank
    from {{ ref('search_judgment_queue') }} as queue
    left join judged_pairs
        on judged_pairs.query_id = queue.query_id
        and judged_pairs.doc_id = queue.doc_id
    where judged_pairs.doc_id is null
),

pairs_with_text as (
    select
        pending_pairs.query_id,
        pending_pairs.doc_id,
        pending_pairs.priority,
        pending_pairs.priority_rank,
        queries.query_text,
        documents.text as doc_text
    from pending_pairs
    inner join {{ ref('search_metrics_stg_queries') }} as queries
        on queries.query_id = pending_pairs.query_id
    inner join {{ ref('search_metrics_stg_documents') }} as documents
        on documents.doc_id = pending_pairs.doc_id
    where {{ search_metrics.has_text('queries.query_text') }}
        and {{ search_metrics.has_text('documents.text') }}
),

pairs_to_send as (
    {%- if settings.max_pairs_per_run is none %}
    select query_id, doc_id, query_text, doc_text
    from pairs_with_text
    {%- else %}
    select query_id, doc_id, query_text, doc_text
    from (
        select
            query_id,
            doc_id,
            query_text,
            doc_text,
            row_number() over (
                order by priority_rank, {{ search_metrics.relevance_key('priority') }} desc,
                    {{ search_metrics.binary_order('query_id') }}, {{ search_metrics.binary_order('doc_id') }}
            ) as send_rank
        from pairs_with_text
    ) as ranked_pairs
    where send_rank <= {{ settings.max_pairs_per_run }}
    {%- endif %}
),

answers as {{ search_metrics.materialized_cte() }} (
    select
        query_id,
        doc_id,
        {{ search_metrics.llm_complete(search_metrics.llm_prompt(settings.prompt_template, 'query_text', 'doc_text'), settings) }} as answer
    from pairs_to_send
)

select
    query_id,
    doc_id,
    cast({{ rater }} as {{ dbt.type_string() }}) as rater_id,
    {{ search_metrics.llm_grade('answer') }} as grade,
    cast('graded' as {{ dbt.type_string() }}) as scale,
    cast(answer as {{ dbt.type_string() }}) as answer,
    cast({{ search_metrics.string_literal(judge_settings) }} as {{ dbt.type_string() }}) as judge_settings,
    {{ search_metrics.build_time() }} as judged_at
from answers
{%- endif %}
{%- endif %}
