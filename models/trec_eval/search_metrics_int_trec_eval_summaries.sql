{#-
  The summary lines of the trec_eval table (query_id 'all'), one row per (run_id, measure), formed from the run's
  per-query values (search_metrics_int_trec_eval_query_values) as trec_eval forms them: summary_rule 'mean' = the
  mean over the run's evaluated queries (trec_eval's sum ÷ num_q), 'sum' = the sum (num_ret, num_rel, num_rel_ret:
  te_calc_avg_meas_empty), 'geometric' = exp(mean of the per-query logs) (gm_map, gm_bpref); num_q = the number
  of evaluated queries (search_metrics_int_trec_eval_spine). Under zscores (trec_eval -Z) value is formed from the
  z-scores, null when one of the run's queries' z-scores is null (n_zscores_missing counts them), and raw_value
  from the values before z-scoring.
  Incremental by run (judged_incremental_config; docs/trec.md, "Incremental builds"): each row carries its run's
  run_fingerprint (search_metrics_int_trec_eval_run_fingerprints); an incremental build deletes the runs whose
  fingerprint moved or that are gone and sums again the runs the table lacks, reading only their per-query values.
-#}
{%- set build_settings = search_metrics.trec_eval_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('trec_eval') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_trec_eval_run_fingerprints', ['run_id'],
                                               'run_fingerprint', build_settings)
) }}
{%- if model_enabled %}
{#- the setting only (trec_eval_zscores would make the z-score relation a parent: this model does not read it) -#}
{%- set zscores = search_metrics.get_trec_eval_settings().zscores is not none -%}
{%- set text = dbt.type_string() -%}

with runs_to_build as (
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_trec_eval_run_fingerprints'), ['run_id']) | indent(4) }}
),

query_values as (
    select query_values.*
    from {{ ref('search_metrics_int_trec_eval_query_values') }} as query_values
    {%- if is_incremental() %}
    where query_values.run_id in (select run_id from runs_to_build)
    {%- endif %}
),

evaluated_queries as (
    select spine.run_id, count(*) as n_queries
    from {{ ref('search_metrics_int_trec_eval_spine') }} as spine
    {%- if is_incremental() %}
    where spine.run_id in (select run_id from runs_to_build)
    {%- endif %}
    group by spine.run_id
),

summaries as (
    select
        run_id,
        measure,
        case
            when count(value) < count(*) then null
            when summary_rule = 'sum' then sum(value)
            when summary_rule = 'geometric' then exp(avg(value))
            else avg(value)
        end as value,
        case
            when summary_rule = 'sum' then sum(raw_value)
            when summary_rule = 'geometric' then exp(avg(raw_value))
            else avg(raw_value)
        end as raw_value,
        {%- if zscores %}
        cast('double' as {{ text }}) as printed_as,
        {%- else %}
        max(printed_as) as printed_as,
        {%- endif %}
        count(*) - count(value) as n_zscores_missing
    from query_values
    group by run_id, measure, summary_rule

    union all

    select
        run_id,
        cast('num_q' as {{ text }}) as measure,
        {{ search_metrics.as_double('n_queries') }} as value,
        {{ search_metrics.as_double('n_queries') }} as raw_value,
        cast({{ "'double'" if zscores else "'long'" }} as {{ text }}) as printed_as,
        0 as n_zscores_missing
    from evaluated_queries
)

select
    summaries.run_id,
    summaries.measure,
    summaries.value,
    summaries.raw_value,
    summaries.printed_as,
    cast(summaries.n_zscores_missing as {{ dbt.type_int() }}) as n_zscores_missing,
    runs_to_build.run_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from summaries
inner join runs_to_build on runs_to_build.run_id = summaries.run_id
{%- endif %}
