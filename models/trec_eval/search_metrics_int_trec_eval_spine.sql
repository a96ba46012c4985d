{#-
  The (run_id, query_id) pairs trec_eval evaluates, one row each with n_results, the results kept for it:
    the pairs of the results whose query is in the qrels (search_metrics_int_trec_eval_pool), a run's results of a
    query cut to its first max_results rows (trec_eval -M; a row_number ordered by rank, doc_id) when var
    search_metrics_trec_eval's max_results is set;
    with complete (trec_eval -c), every run of the results crossed with every query of the qrels: a pair the run
    did not return has n_results 0 (trec_eval 10 evaluates a one-doc ranking and then zeroes num_ret, utility, unj
    and rbp_resid; an empty list gives those zeros, and the same value for every other measure).
-#}
{{ config(enabled=search_metrics.family_enabled('trec_eval')) }}
{%- set settings = search_metrics.get_trec_eval_settings() -%}
{%- set pool = ref('search_metrics_int_trec_eval_pool') -%}

with qrels_queries as (
    select distinct query_id from {{ pool }}
),

kept_results as (
    select
        results.run_id,
        results.query_id
        {%- if settings.max_results is not none %},
        row_number() over (partition by results.run_id, results.query_id order by results.rank, results.doc_id) as position
        {%- endif %}
    from {{ ref('search_metrics_stg_results') }} as results
    where results.query_id in (select query_id from qrels_queries)
),

returned as (
    select run_id, query_id, count(*) as n_results
    from kept_results
    {%- if settings.max_results is not none %}
    where position <= {{ settings.max_results }}
    {%- endif %}
    group by run_id, query_id
)

{% if settings.complete -%}
select
    runs.run_id,
    qrels_queries.query_id,
    coalesce(returned.n_results, 0) as n_results
from (select distinct run_id from {{ ref('search_metrics_stg_results') }}) as runs
cross join qrels_queries
left join returned
    on returned.run_id = runs.run_id
    and returned.query_id = qrels_queries.query_id
{%- else -%}
select run_id, query_id, n_results
from returned
{%- endif %}
