{#-
  The (run_id, query_id) pairs trec_eval evaluates, one row each with n_results, the results kept for it:
    the pairs of search_metrics_int_query_spine whose query is in the qrels (search_metrics_int_trec_eval_pool):
    the pairs of search_metrics_int_trec_eval_results, which keeps every result of such a pair, or its first
    max_results (trec_eval -M); so n_results is the spine's, at most max_results, read without counting the
    trec_eval results again (and every run is read from the spine, not from the results);
    with complete (trec_eval -c), every run of the results crossed with every query of the qrels: a pair the run
    did not return has n_results 0 (trec_eval 10 evaluates a one-doc ranking and then zeroes num_ret, utility, unj
    and rbp_resid; an empty list gives those zeros, and the same value for every other measure).
-#}
{%- set model_enabled = search_metrics.family_enabled('trec_eval') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_trec_eval_settings() -%}

with returned as (
    select
        spine.run_id,
        spine.query_id,
        {%- if settings.max_results is not none %}
        case when spine.n_results > {{ settings.max_results }} then {{ settings.max_results }} else spine.n_results end as n_results
        {%- else %}
        spine.n_results
        {%- endif %}
    from {{ ref('search_metrics_int_query_spine') }} as spine
    where spine.query_id in (select query_id from {{ ref('search_metrics_int_trec_eval_pool') }})
)

{% if settings.complete -%}
select
    runs.run_id,
    qrels_queries.query_id,
    coalesce(returned.n_results, 0) as n_results
from (select distinct run_id from {{ ref('search_metrics_int_query_spine') }}) as runs
cross join (select distinct query_id from {{ ref('search_metrics_int_trec_eval_pool') }}) as qrels_queries
left join returned
    on returned.run_id = runs.run_id
    and returned.query_id = qrels_queries.query_id
{%- else -%}
select run_id, query_id, n_results
from returned
{%- endif %}
{%- endif %}
