{#-
  Every per-query value of the trec_eval table: one row per (run_id, query_id, measure) of the pairs trec_eval
  evaluates (search_metrics_int_trec_eval_spine), from macro trec_eval_query_values, with the rows of the geometric
  measures (gm_map, gm_bpref: ln(max(value, 0.00001)) per query), which only the summary prints
  (search_metrics_int_trec_eval_summaries forms the run's summary from these rows; search_trec_eval shows the
  others). raw_value is the value; value its z-score under var search_metrics_trec_eval's zscores (trec_eval -Z,
  convert_zscores.c): (raw_value - mean) / stddev from the relation's row of its (query_id, measure), 0 when
  stddev = 0 and the value equals the mean; no row, a null stddev or mean, or stddev = 0 with another value:
  trec_eval prints -1000000, we write null, and so for a NaN or infinite mean or stddev (the relation:
  trec_eval_zscores, which checks its columns). Without zscores value = raw_value. printed_as: trec_eval's print
  format ('long' or 'double'; 'double' for every value under zscores).
  Incremental by (run_id, query_id) (judged_incremental_config; docs/trec.md, "Incremental builds"): each row
  carries its pair's pair_fingerprint (search_metrics_int_trec_eval_spine); an incremental build deletes the pairs
  whose fingerprint moved or that are gone and computes the pairs the table lacks, reading only their rows of
  search_metrics_int_trec_eval_results and their queries' pool rows.
-#}
{%- set build_settings = search_metrics.trec_eval_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('trec_eval') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_trec_eval_spine', ['run_id', 'query_id'],
                                               'pair_fingerprint', build_settings)
) }}
{%- if model_enabled %}
{%- set zscores = search_metrics.trec_eval_zscores() -%}
{%- set double = search_metrics.type_double() -%}
{%- set results = ref('search_metrics_int_trec_eval_results') -%}
{%- set pool = ref('search_metrics_int_trec_eval_pool') -%}
{%- set spine = ref('search_metrics_int_trec_eval_spine') -%}

with pairs_to_build as (
    {{ search_metrics.judged_keys_to_build(spine, ['run_id', 'query_id']) | indent(4) }}
),
{%- if is_incremental() %}

{#- only the pairs to build: their result rows, and their queries' pool rows #}
results_to_build as (
    select results.*
    from {{ results }} as results
    inner join pairs_to_build
        on pairs_to_build.run_id = results.run_id
        and pairs_to_build.query_id = results.query_id
    where {{ search_metrics.queries_of_keys('results.query_id', 'pairs_to_build') }}
),

pool_to_build as (
    select pool.*
    from {{ pool }} as pool
    where pool.query_id in (select query_id from pairs_to_build)
),
{%- set results, pool, spine = 'results_to_build', 'pool_to_build', 'pairs_to_build' -%}
{%- endif %}

computed_values as (
    {{ search_metrics.trec_eval_query_values(results, pool, spine) | indent(4) }}
)

{#- the lines trec_eval prints per query, then the geometric measures' logs, as a UNION at the top: the measures'
    queries repeat CTE names in their nested WITHs, which a dialect without nested WITH (Spark's and Databricks'
    generators, sqlglot) would hoist into one WITH above a top-level SELECT -#}
{%- for rows in ["<> 'geometric'", "= 'geometric'"] %}
select
    computed_values.run_id,
    computed_values.query_id,
    computed_values.measure,
    computed_values.summary_rule,
    {%- if zscores %}
    cast('double' as {{ dbt.type_string() }}) as printed_as,
    {%- else %}
    computed_values.printed_as,
    {%- endif %}
    computed_values.value as raw_value,
    {%- if zscores %}
    case
        {#- x - x = 0 only for a finite x: NaN and ±infinity (x - x is NaN) and null fall through to null #}
        when not (standard.mean - standard.mean = 0 and standard.stddev - standard.stddev = 0) then null
        when standard.stddev <> 0 then (computed_values.value - standard.mean) / standard.stddev
        when computed_values.value = standard.mean then cast(0 as {{ double }})
    end as value,
    {%- else %}
    computed_values.value,
    {%- endif %}
    pairs_to_build.pair_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from computed_values
inner join pairs_to_build
    on pairs_to_build.run_id = computed_values.run_id
    and pairs_to_build.query_id = computed_values.query_id
{%- if zscores %}
left join (
    {{ search_metrics.trec_eval_zscore_rows(zscores) | indent(4) }}
) as standard
    on standard.query_id = computed_values.query_id
    and standard.measure = computed_values.measure
{%- endif %}
where computed_values.summary_rule {{ rows }}
{%- if not loop.last %}

union all
{% endif %}
{%- endfor %}
{%- endif %}
