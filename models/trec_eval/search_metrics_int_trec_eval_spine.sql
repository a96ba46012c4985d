{#-
  The (run_id, query_id) pairs trec_eval evaluates, one row each with n_results, the results kept for it, and
  pair_fingerprint, what the pair's values are computed from:
    the pairs of search_metrics_int_query_spine whose query is in the qrels (search_metrics_int_trec_eval_pool):
    the pairs of search_metrics_int_trec_eval_results, which keeps every result of such a pair, or its first
    max_results (trec_eval -M); so n_results is the spine's, at most max_results, read without counting the
    trec_eval results again (and every run is read from the spine, not from the results);
    with complete (trec_eval -c), every run of the results crossed with every query of the qrels: a pair the run
    did not return has n_results 0 (trec_eval 10 evaluates a one-doc ranking and then zeroes num_ret, utility, unj
    and rbp_resid; an empty list gives those zeros, and the same value for every other measure).
  pair_fingerprint: the pair's input_fingerprint (search_metrics_int_pair_fingerprints: its result rows and its
  query's pool rows; '-' for a pair the run did not return), with complete '/' and the fingerprint of its query's
  rows of the trec_eval pool (an unreturned pair reads them too), with zscores '/' and that of its query's rows of
  the z-score relation. search_metrics_int_trec_eval_query_values rebuilds a pair whose fingerprint moved.
-#}
{%- set model_enabled = search_metrics.family_enabled('trec_eval') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_trec_eval_settings() -%}
{%- set zscores = search_metrics.trec_eval_zscores() -%}
{%- set parts = ["coalesce(pair_fingerprints.input_fingerprint, '-')"] -%}

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
),

evaluated as (
    {%- if settings.complete %}
    select
        runs.run_id,
        qrels_queries.query_id,
        coalesce(returned.n_results, 0) as n_results
    from (select distinct run_id from {{ ref('search_metrics_int_query_spine') }}) as runs
    cross join (select distinct query_id from {{ ref('search_metrics_int_trec_eval_pool') }}) as qrels_queries
    left join returned
        on returned.run_id = runs.run_id
        and returned.query_id = qrels_queries.query_id
    {%- else %}
    select run_id, query_id, n_results
    from returned
    {%- endif %}
)
{%- if settings.complete %},

query_qrels as (
    select
        query_id,
        {{ search_metrics.set_fingerprint(search_metrics.pool_row_columns()) }} as qrels_fingerprint
    from {{ ref('search_metrics_int_trec_eval_pool') }}
    group by query_id
)
{%- do parts.extend(["'/'", "coalesce(query_qrels.qrels_fingerprint, '0:0')"]) -%}
{%- endif %}
{%- if zscores %},

query_zscores as (
    select
        query_id,
        {{ search_metrics.set_fingerprint(['measure', 'mean', 'stddev']) }} as zscores_fingerprint
    from (
        {{ search_metrics.trec_eval_zscore_rows(zscores) | indent(8) }}
    ) as zscores_rows
    group by query_id
)
{%- do parts.extend(["'/'", "coalesce(query_zscores.zscores_fingerprint, '0:0')"]) -%}
{%- endif %}

select
    evaluated.run_id,
    evaluated.query_id,
    evaluated.n_results,
    {{ dbt.concat(parts) if parts | length > 1 else parts[0] }} as pair_fingerprint
from evaluated
left join {{ ref('search_metrics_int_pair_fingerprints') }} as pair_fingerprints
    on pair_fingerprints.run_id = evaluated.run_id
    and pair_fingerprints.query_id = evaluated.query_id
{%- if settings.complete %}
left join query_qrels on query_qrels.query_id = evaluated.query_id
{%- endif %}
{%- if zscores %}
left join query_zscores on query_zscores.query_id = evaluated.query_id
{%- endif %}
{%- endif %}
