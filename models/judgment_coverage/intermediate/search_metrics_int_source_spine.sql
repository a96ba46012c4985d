{#-
  The judgment sources the metrics are computed again under, one row per (source, run_id, query_id), each with its
  query_key: the text that stands for the query in search_metrics_int_source_results and _source_pool, so that
  the metric macros, which partition by (run_id, query_id) and join the pool by query_id, compute every source in
  one pass without a change (source_kind, source and query_id are read back from this table by query_key).
    source_kind 'reading' (judgment_coverage family): source 'pessimistic' or 'optimistic', one key per (run, query): the
      run's unjudged results within the pool depth read as judged at the lowest or the top grade (the pool differs
      per run, so the key does). query_key = 'P' or 'O' || the run's number (run_ids in binary order) || '|' ||
      query_id.
    source_kind 'judge' (judge_validation family): source = an automated rater_id, one key per (rater, query) shared by every
      run that returned the query, for the queries in which the rater has a graded judgment. query_key = 'J' ||
      the rater's number (rater_ids in binary order) || '|' || query_id.
  The prefix before the first '|' holds no '|', so two sources never share a key. n_results: as in
  search_metrics_int_query_spine (the count metric reads it).
  input_fingerprint: what the key's metrics are computed from (search_metrics_int_source_query_metrics is
  incremental by (source_kind, source, run_id, query_id)): a reading key, its pair's input_fingerprint
  (search_metrics_int_pair_fingerprints: the run's results of the query and the query's human pool; the pool depth
  is a build setting); a judge key, the pair's results_fingerprint, '/', then set_fingerprint of the rater's rows
  of the query in search_metrics_int_judge_judgments (doc_id, grade, scale), so that a judge's rows move only its
  own keys and the humans' grades move none of them.
-#}
{%- set readings_on = search_metrics.family_enabled('judgment_coverage') -%}
{%- set judges_on = search_metrics.family_enabled('judge_validation') -%}
{%- set model_enabled = readings_on or judges_on -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set text = dbt.type_string() -%}

with query_spine as (
    select run_id, query_id, n_results, results_fingerprint
    from {{ ref('search_metrics_int_query_spine') }}
)
{%- if readings_on %},

run_numbers as (
    select
        run_id,
        dense_rank() over (order by {{ search_metrics.binary_order('run_id') }}) as run_number
    from (select distinct run_id from query_spine) as runs
),

reading_keys as (
    {%- for reading, letter in [('pessimistic', 'P'), ('optimistic', 'O')] %}
    select
        cast('reading' as {{ text }}) as source_kind,
        cast('{{ reading }}' as {{ text }}) as source,
        query_spine.run_id,
        query_spine.query_id,
        {{ dbt.concat(["'" ~ letter ~ "'", search_metrics.as_text('run_numbers.run_number'), "'|'", 'query_spine.query_id']) }} as query_key,
        query_spine.n_results,
        pair_fingerprints.input_fingerprint
    from query_spine
    inner join run_numbers on run_numbers.run_id = query_spine.run_id
    inner join {{ ref('search_metrics_int_pair_fingerprints') }} as pair_fingerprints
        on pair_fingerprints.run_id = query_spine.run_id
        and pair_fingerprints.query_id = query_spine.query_id
    {%- if not loop.last %}
    union all
    {%- endif %}
    {%- endfor %}
)
{%- endif %}
{%- if judges_on %},

judge_votes as (
    {{ search_metrics.transformed_votes('(select query_id, doc_id, rater_id, grade, scale from ' ~ ref('search_metrics_int_judge_judgments') ~ ')', ['query_id', 'doc_id', 'rater_id']) | indent(4) }}
),

judge_queries as (
    select distinct rater_id, query_id
    from judge_votes
    where is_graded = 1
        and query_id in (select query_id from query_spine)
),

judge_fingerprints as (
    select
        rater_id,
        query_id,
        {{ search_metrics.set_fingerprint(['doc_id', 'grade', 'scale']) }} as judgments_fingerprint
    from {{ ref('search_metrics_int_judge_judgments') }}
    group by rater_id, query_id
),

rater_numbers as (
    select
        rater_id,
        dense_rank() over (order by {{ search_metrics.binary_order('rater_id') }}) as rater_number
    from (select distinct rater_id from judge_queries) as raters
),

judge_keys as (
    select
        cast('judge' as {{ text }}) as source_kind,
        judge_queries.rater_id as source,
        query_spine.run_id,
        query_spine.query_id,
        {{ dbt.concat(["'J'", search_metrics.as_text('rater_numbers.rater_number'), "'|'", 'query_spine.query_id']) }} as query_key,
        query_spine.n_results,
        {{ dbt.concat(['query_spine.results_fingerprint', "'/'", 'judge_fingerprints.judgments_fingerprint']) }} as input_fingerprint
    from judge_queries
    inner join rater_numbers on rater_numbers.rater_id = judge_queries.rater_id
    inner join query_spine on query_spine.query_id = judge_queries.query_id
    inner join judge_fingerprints
        on judge_fingerprints.rater_id = judge_queries.rater_id
        and judge_fingerprints.query_id = judge_queries.query_id
)
{%- endif %}

{% if readings_on -%}
select * from reading_keys
{%- endif %}
{%- if readings_on and judges_on %}
union all
{% endif %}
{%- if judges_on -%}
select * from judge_keys
{%- endif %}
{%- endif %}
