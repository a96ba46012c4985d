{#-
  The trec_eval-shaped table: one row per (run_id, measure, query_id), as `trec_eval -q -m all_trec` prints its
  lines (measure names as trec_eval prints them; query_id 'all' for the summary), over the queries trec_eval
  evaluates (search_metrics_int_trec_eval_spine) with the values of macro trec_eval_query_values:
    per query: every measure but the geometric ones (gm_map, gm_bpref), whose per-query line trec_eval does not
      print (te_print_single_meas_empty), and num_q (summary only);
    'all': summary_rule 'mean' = the mean over the run's evaluated queries (trec_eval's sum ÷ num_q), 'sum' = the
      sum (num_ret, num_rel, num_rel_ret: te_calc_avg_meas_empty), 'geometric' = exp(mean of the per-query logs);
      num_q = the number of evaluated queries.
  var search_metrics_trec_eval's zscores (trec_eval -Z, convert_zscores.c): each per-query value becomes
  (value - mean) / stddev from the relation's row of its (query_id, measure), 0 when stddev = 0 and the value equals
  the mean; no row, a null stddev or mean, or stddev = 0 with another value: trec_eval prints -1000000, we write
  null and count it (n_zscores_missing); so for a NaN or infinite mean or stddev, which give no z-score (the
  relation: trec_eval_zscores, which checks its columns). The summary is formed from the z-scores as trec_eval does (num_q stays the
  count); it is null when one of its queries' z-scores is null. raw_value: the value before z-scoring (= value
  without zscores).
  Incremental by run (judged_incremental_config; docs/trec.md, "Incremental builds"): each row carries its run's
  run_fingerprint (search_metrics_int_trec_eval_run_fingerprints); an incremental build deletes the runs whose
  fingerprint moved or that are gone and computes the runs the table lacks, reading only their rows of
  search_metrics_int_trec_eval_results and _spine and their queries' pool rows (trec_eval_query_values).
-#}
{%- set build_settings = ['search_metrics_max_grade', 'search_metrics_relevance_level', 'search_metrics_negative_grades',
                          'search_metrics_automated_raters', 'search_metrics_transformers', 'search_metrics_rank_from',
                          'search_metrics_trec_eval'] -%}
{%- set model_enabled = search_metrics.family_enabled('trec_eval') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_trec_eval_run_fingerprints', ['run_id'],
                                               'run_fingerprint', build_settings)
) }}
{%- if model_enabled %}
{%- set zscores = search_metrics.trec_eval_zscores() -%}
{%- set double = search_metrics.type_double() -%}
{%- set text = dbt.type_string() -%}
{%- set results = ref('search_metrics_int_trec_eval_results') -%}
{%- set pool = ref('search_metrics_int_trec_eval_pool') -%}
{%- set spine = ref('search_metrics_int_trec_eval_spine') -%}

with runs_to_build as (
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_trec_eval_run_fingerprints'), ['run_id']) | indent(4) }}
),
{%- if is_incremental() %}

{#- only the runs to build: their result and spine rows, and their queries' pool rows #}
results_to_build as (
    select results.*
    from {{ results }} as results
    where results.run_id in (select run_id from runs_to_build)
),

spine_to_build as (
    select spine.*
    from {{ spine }} as spine
    where spine.run_id in (select run_id from runs_to_build)
),

pool_to_build as (
    select pool.*
    from {{ pool }} as pool
    where pool.query_id in (select query_id from spine_to_build)
),
{%- set results, pool, spine = 'results_to_build', 'pool_to_build', 'spine_to_build' -%}
{%- endif %}

computed_values as (
    {{ search_metrics.trec_eval_query_values(results, pool, spine) | indent(4) }}
),

query_values as (
    select
        query_values.run_id,
        query_values.query_id,
        query_values.measure,
        query_values.summary_rule,
        query_values.printed_as,
        query_values.value as raw_value,
        runs_to_build.run_fingerprint,
        {%- if zscores %}
        case
            {#- x - x = 0 only for a finite x: NaN and ±infinity (x - x is NaN) and null fall through to null #}
            when not (standard.mean - standard.mean = 0 and standard.stddev - standard.stddev = 0) then null
            when standard.stddev <> 0 then (query_values.value - standard.mean) / standard.stddev
            when query_values.value = standard.mean then cast(0 as {{ double }})
        end as value
        {%- else %}
        query_values.value
        {%- endif %}
    from computed_values as query_values
    inner join runs_to_build on runs_to_build.run_id = query_values.run_id
    {%- if zscores %}
    left join (
        {{ search_metrics.trec_eval_zscore_rows(zscores) | indent(8) }}
    ) as standard
        on standard.query_id = query_values.query_id
        and standard.measure = query_values.measure
    {%- endif %}
)

select
    run_id,
    measure,
    query_id,
    value,
    raw_value,
    cast({{ "'double'" if zscores else 'printed_as' }} as {{ text }}) as printed_as,
    cast(case when value is null then 1 else 0 end as {{ dbt.type_int() }}) as n_zscores_missing,
    run_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from query_values
where summary_rule <> 'geometric'

union all

select
    run_id,
    measure,
    cast('all' as {{ text }}) as query_id,
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
    cast({{ "'double'" if zscores else 'max(printed_as)' }} as {{ text }}) as printed_as,
    cast(count(*) - count(value) as {{ dbt.type_int() }}) as n_zscores_missing,
    run_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from query_values
group by run_id, run_fingerprint, measure, summary_rule

union all

select
    spine.run_id,
    cast('num_q' as {{ text }}) as measure,
    cast('all' as {{ text }}) as query_id,
    {{ search_metrics.as_double('count(*)') }} as value,
    {{ search_metrics.as_double('count(*)') }} as raw_value,
    cast({{ "'double'" if zscores else "'long'" }} as {{ text }}) as printed_as,
    cast(0 as {{ dbt.type_int() }}) as n_zscores_missing,
    runs_to_build.run_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from {{ spine }} as spine
inner join runs_to_build on runs_to_build.run_id = spine.run_id
group by spine.run_id, runs_to_build.run_fingerprint
{%- endif %}
