{#-
  Rule (warning): a pair of the judging queue should have a query text (var search_metrics_queries) and a document
  text (var search_metrics_documents) to be judged by the LLM; search_llm_judgments does not send a pair whose query
  or document is missing from those inputs, or whose text is null or empty (has_text), until it has one. Returns those
  pairs with what they lack.
-#}
{{ config(enabled=search_metrics.family_enabled('llm_judge'), severity='warn') }}
select
    queue.query_id,
    queue.doc_id,
    case when {{ search_metrics.has_text('queries.query_text') }} then 0 else 1 end as lacks_query_text,
    case when {{ search_metrics.has_text('documents.text') }} then 0 else 1 end as lacks_document_text,
    'a pair of the judging queue should have a query text and a document text; this one is not sent to the LLM' as rule_violated
from {{ ref('search_judgment_queue') }} as queue
left join {{ ref('search_metrics_stg_queries') }} as queries
    on queries.query_id = queue.query_id
left join {{ ref('search_metrics_stg_documents') }} as documents
    on documents.doc_id = queue.doc_id
where not ({{ search_metrics.has_text('queries.query_text') }} and {{ search_metrics.has_text('documents.text') }})
