{#-
  The (run_id, query_id) pairs trec_eval evaluates, one row each with n_results, the results kept for it:
    the pairs of search_metrics_int_trec_eval_results (the queries of the qrels, each list cut to max_results there:
    trec_eval -M), counted;
    with complete (trec_eval -c), every run of the results crossed with every query of the qrels: a pair the run
    did not return has n_results 0 (trec_eval 10 evaluates a one-doc ranking and then zeroes num_ret, utility, unj
    and rbp_resid; an empty list gives those zeros, and the same value for every other measure).
-#}
{{ config(enabled=search_metrics.family_enabled('trec_eval')) }}
{%- set settings = search_metrics.get_trec_eval_settings() -%}

with returned as (
    select run_id, query_id, count(*) as n_results
    from {{ ref('search_metrics_int_trec_eval_results') }}
    group by run_id, query_id
)

{% if settings.complete -%}
select
    runs.run_id,
    qrels_queries.query_id,
    coalesce(returned.n_results, 0) as n_results
from (select distinct run_id from {{ ref('search_metrics_stg_results') }}) as runs
cross join (select distinct query_id from {{ ref('search_metrics_int_trec_eval_pool') }}) as qrels_queries
left join returned
    on returned.run_id = runs.run_id
    and returned.query_id = qrels_queries.query_id
{%- else -%}
select run_id, query_id, n_results
from returned
{%- endif %}
