{#-
  Per (run_id, metric, k): the mean over the run's queries with a non-null value (SearchTweak's multi-keyword mean),
  and for the metrics whose values are scores in [0, 1] the geometric mean exp(mean(ln(max(value, 1e-5)))) over the
  same queries (trec_eval's gm_map for average precision; null for counts, sums and shares).
  Incremental by run (judged_incremental_config): each row carries its run's run_fingerprint
  (search_metrics_int_run_fingerprints); an incremental build deletes the runs whose fingerprint moved (a query's
  results or judgments changed, a query added or removed) or that are gone, and aggregates the runs the table lacks.
  In an incremental build, where search_query_metrics keeps its run sums (run_sums_relation: DuckDB and PostgreSQL,
  the var search_metrics_incremental_runs true), the means are formed from those, one row per (run_id, metric, k), instead
  of from the table's rows: a regrade moves every run that returned a regraded query, and its means no longer read
  every row of the run again.
-#}
{%- set build_settings = search_metrics.judged_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_run_fingerprints', ['run_id'], 'run_fingerprint',
                                               build_settings)
) }}
{%- if model_enabled %}
{%- set score_types = ['precision', 'recall', 'average_precision', 'reciprocal_rank', 'ndcg', 'err', 'auc', 'success',
                       'r_precision', 'bpref', 'rbp', 'average_precision_11pt', 'infap',
                       'set_precision', 'set_recall', 'set_f', 'set_average_precision', 'set_relative_precision',
                       'relative_precision', 'r_precision_multiple', 'ndcg_rel', 'rndcg', 'g', 'bin_g'] + search_metrics.diversity_types() -%}
{%- set scored = search_metrics.get_metrics() | selectattr('type', 'in', score_types) | map(attribute='name') | list -%}

{%- set run_sums = search_metrics.run_sums_relation(ref('search_query_metrics')) -%}
{#- an incremental build reads the run sums, which exist once search_query_metrics was built incrementally (not on
    Spark, not as a plain table); a first or full build sums the rows (run_sums_select), so that it reads nothing
    but its refs -#}
{%- set from_sums = execute and is_incremental() and search_metrics.get_incremental_runs()
    and load_relation(run_sums) is not none %}

with runs_to_build as (
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_run_fingerprints'), ['run_id']) | indent(4) }}
),
run_sums as (
    {#- per (run_id, metric, k): the sums of the run's rows (run_sums_select), kept by search_query_metrics' hooks in
        an incremental build, summed from its rows in a first or full build: one projection to means for both #}
    {%- if from_sums %}
    select * from {{ run_sums }}
    where run_id in (select run_id from runs_to_build)
    {%- else %}
    {{ search_metrics.run_sums_select(ref('search_query_metrics'),
        where='summed_rows.run_id in (select run_id from runs_to_build)' if is_incremental() else none) | indent(4) }}
    {%- endif %}
),

run_means as (
    select
        run_sums.run_id,
        run_sums.metric,
        run_sums.k,
        case when run_sums.n_queries > 0
            then run_sums.sum_value / cast(run_sums.n_queries as {{ search_metrics.type_double() }}) end as value,
        run_sums.n_queries,
        run_sums.n_queries_total,
        {%- if scored %}
        case
            when run_sums.metric in ('{{ scored | join("', '") }}') and run_sums.n_queries > 0
                then exp(run_sums.sum_log_value / cast(run_sums.n_queries as {{ search_metrics.type_double() }}))
        end as geometric_mean
        {%- else %}
        cast(null as {{ search_metrics.type_double() }}) as geometric_mean
        {%- endif %}
    from run_sums
)

select
    run_means.run_id,
    run_means.metric,
    run_means.k,
    run_means.value,
    run_means.n_queries,
    run_means.n_queries_total,
    run_means.geometric_mean,
    runs_to_build.run_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from run_means
inner join runs_to_build on runs_to_build.run_id = run_means.run_id
{%- endif %}
