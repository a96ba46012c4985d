{#-
  The rows of the results input (var search_metrics_results, read by macro staged_results, as the view
  search_metrics_stg_results reads it) that break a rule of its contract: one row per (input row, rule it breaks)
  for the row rules, one per duplicated key for the two uniqueness rules. Columns: rule (the name of the rule's data
  test), rule_violated (its message), run_id, query_id, doc_id, rank, score (the row's; a duplicated key has only
  its key's columns, the others null), n_rows (the rows sharing a duplicated key; null for a row rule).
  Empty when the input keeps every rule. Each rule's named data test (search_metrics_results__<rule>) returns this
  table's rows of its rule, so the input is read twice in all (the row rules in one scan, the uniqueness rules in
  one duplicate_key_sets) instead of once per rule; the view search_metrics_stg_results depends on this table, so
  a failing rule skips every model downstream of the input. docs/inputs.md, "The input rules".
  Where the judged models are incremental (rules_incremental_config), an incremental build checks only the runs
  that are new, changed (search_metrics_stg_results_run_fingerprints) or not passed by the last build
  (search_metrics_stg_results_checked_runs), and rows with no run_id; the rows of the other runs are kept: every
  rule of this input is within one run.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{{ config(enabled=model_enabled,
          **search_metrics.rules_incremental_config('search_metrics_stg_results_run_fingerprints',
                                                    'search_metrics_stg_results_checked_runs',
                                                    search_metrics.results_rule_settings())) }}
{%- if model_enabled %}
{%- set unchanged_runs = search_metrics.unchanged_checked_runs(ref('search_metrics_stg_results_run_fingerprints'),
                                                               'search_metrics_stg_results_checked_runs',
                                                               search_metrics.results_rule_settings()) -%}
{#- on an incremental build, the runs to check again, read when the build runs and written into the SQL (at most
    1,000; more, or a `dbt compile` before the runs' fingerprints exist, are found by a join), so that the engine
    can skip the input's other rows by their statistics -#}
{%- set runs_to_check = none -%}
{%- if unchanged_runs is not none and execute
      and load_relation(ref('search_metrics_stg_results_run_fingerprints')) is not none -%}
    {%- set listed = run_query('select fingerprints.run_id from ' ~ ref('search_metrics_stg_results_run_fingerprints')
        ~ ' as fingerprints where fingerprints.run_id is not null and not exists (select 1 from (' ~ unchanged_runs
        ~ ') as unchanged where unchanged.run_id = fingerprints.run_id)').rows -%}
    {%- if listed | length <= 1000 -%}
        {%- set runs_to_check = listed | map(attribute=0) | list -%}
    {%- endif -%}
{%- endif -%}
{#- the input rows to check: every row, or on an incremental build those of the runs to check again (and the rows
    with no run_id) -#}
{%- set rows_to_check -%}
(
    select staged_results.*
    from (
        {{ search_metrics.staged_results() | indent(8) }}
    ) as staged_results
    {%- if runs_to_check is not none %}
    where staged_results.run_id is null
        {%- if runs_to_check %}
        or staged_results.run_id in (
            {%- for run_id in runs_to_check %}{{ search_metrics.string_literal(run_id) }}{{ ', ' if not loop.last }}{% endfor -%}
        )
        {%- endif %}
    {%- elif unchanged_runs is not none %}
    where not exists (
        select 1
        from ({{ unchanged_runs | indent(8) }}) as unchanged
        where unchanged.run_id = staged_results.run_id
    )
    {%- endif %}
) as rows_to_check
{%- endset %}
{%- set largest = search_metrics.largest_rank() -%}
{%- set row_rules = [
    {'name': 'search_metrics_results__run_id_must_not_be_null', 'breaks': 'run_id is null',
     'message': "'run_id must not be null'"},
    {'name': 'search_metrics_results__query_id_must_not_be_null', 'breaks': 'query_id is null',
     'message': "'query_id must not be null'"},
    {'name': 'search_metrics_results__doc_id_must_not_be_null', 'breaks': 'doc_id is null',
     'message': "'doc_id must not be null'"},
    {'name': 'search_metrics_results__rank_must_be_a_whole_number_from_1_to_2147483647',
     'breaks': 'rank is null or ' ~ search_metrics.is_nan('rank') ~ ' or rank < 1 or rank > ' ~ largest
               ~ ' or rank <> floor(rank)',
     'message': "'rank must be a whole number from 1 to " ~ largest ~ " and not null'"},
    {'name': 'search_metrics_results__score_must_not_be_nan', 'breaks': search_metrics.is_nan('score'),
     'message': "'score must not be NaN'"},
] -%}
{%- if search_metrics.get_rank_from() == 'score' -%}
    {%- do row_rules.append({'name': 'search_metrics_results__score_must_not_be_null_when_ranking_by_score',
        'breaks': 'score is null',
        'message': "'score must not be null when ranking by score (search_metrics_rank_from: score)'"}) -%}
{%- endif -%}
{%- set key_rules = [
    {'name': 'search_metrics_results__rank_must_be_unique_within_run_and_query', 'columns': ['run_id', 'query_id', 'rank']},
    {'name': 'search_metrics_results__doc_id_must_be_unique_within_run_and_query', 'columns': ['run_id', 'query_id', 'doc_id']},
] %}

with rows_breaking_a_row_rule as (
    select
        run_id,
        query_id,
        doc_id,
        rank,
        score,
        {%- for rule in row_rules %}
        case when {{ rule.breaks }} then 1 else 0 end as breaks_rule_{{ loop.index }}{{ ',' if not loop.last }}
        {%- endfor %}
    from {{ rows_to_check }}
    where
        {%- for rule in row_rules %}
        ({{ rule.breaks }}){{ ' or' if not loop.last }}
        {%- endfor %}
),

row_rules as (
    {%- set rows = [] -%}
    {%- for rule in row_rules -%}
        {%- do rows.append([loop.index | string, "'" ~ rule.name ~ "'"]) -%}
    {%- endfor %}
    {{ search_metrics.literal_relation(['rule_number', 'rule'], rows) }}
),

duplicated_keys as (
    {{ search_metrics.duplicate_key_sets(rows_to_check, key_rules) }}
)

select
    row_rules.rule,
    case row_rules.rule_number
        {%- for rule in row_rules %}
        when {{ loop.index }} then {{ rule.message }}
        {%- endfor %}
    end as rule_violated,
    breaking.run_id,
    breaking.query_id,
    breaking.doc_id,
    breaking.rank,
    breaking.score,
    cast(null as {{ dbt.type_bigint() }}) as n_rows
from rows_breaking_a_row_rule as breaking
inner join row_rules
    on
    {%- for rule in row_rules %}
    (row_rules.rule_number = {{ loop.index }} and breaking.breaks_rule_{{ loop.index }} = 1){{ ' or' if not loop.last }}
    {%- endfor %}

union all

select
    duplicated_keys.key_set as rule,
    case duplicated_keys.key_set
        {%- for rule in key_rules %}
        when '{{ rule.name }}' then '{{ rule.columns | join(", ") }} must be unique'
        {%- endfor %}
    end as rule_violated,
    duplicated_keys.run_id,
    duplicated_keys.query_id,
    duplicated_keys.doc_id,
    duplicated_keys.rank,
    cast(null as {{ search_metrics.type_double() }}) as score,
    cast(duplicated_keys.n_rows as {{ dbt.type_bigint() }}) as n_rows
from duplicated_keys
{%- endif %}
