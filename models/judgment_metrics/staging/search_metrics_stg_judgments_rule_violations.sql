{#-
  The rows of the judgments input (var search_metrics_judgments, read by macro staged_judgments, as the view
  search_metrics_stg_judgments reads it) that break a rule of its contract: one row per (input row, rule it breaks)
  for the row rules, one per query with more than one scale for the one-scale rule. Columns: rule (the name of the
  rule's data test), rule_violated (its message), query_id, doc_id, rater_id, grade, unread_grade, scale (the
  row's; a query with several scales has only query_id, the others null), n_scales (that query's count of distinct
  scales; null for a row rule).
  The rules: query_id and doc_id not null; scale binary, graded or detail; a grade is a whole number from
  -2147483647 to 2147483647 (not a fraction, NaN, ±infinity, or a text from which input_number reads no number:
  unread_grade not null, which would otherwise pass for a slot not graded yet; trec_eval's atol would read '1.5' as
  1), its message giving the input's grade; a non-null grade is one of its scale's grades (binary 0, 1; graded
  0..var search_metrics_max_grade; detail 1..10; a negative whole number on the graded scale only when var
  search_metrics_negative_grades is 'unjudged' or 'zero'); one scale per query.
  Empty when the input keeps every rule. Each rule's named data test (search_metrics_judgments__<rule>) returns this
  table's rows of its rule, so the input is read twice in all (the row rules in one scan, the one-scale rule in one
  grouped pass) instead of once per rule; the view search_metrics_stg_judgments depends on this table, so a failing
  rule skips every model downstream of the input. docs/inputs.md, "The input rules".
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') or search_metrics.family_enabled('click_agreement') -%}
{{ config(materialized='table',
          enabled=model_enabled) }}
{%- if model_enabled %}
{%- set largest = search_metrics.largest_rank() -%}
{%- set grades = search_metrics.scale_grades() -%}
{%- set grading = search_metrics.get_grading() -%}
{%- set negatives_allowed = grading.negative_grades != 'reject' -%}
{%- set off_scale = [] -%}
{%- for scale, allowed in grades.items() -%}
    {%- do off_scale.append("(scale = '" ~ scale ~ "' and grade not in (" ~ (allowed | join(', ')) ~ ")"
        ~ (" and not (grade < 0 and grade = floor(grade))" if scale == 'graded' and negatives_allowed else '') ~ ")") -%}
{%- endfor -%}
{%- set row_rules = [
    {'name': 'search_metrics_judgments__query_id_must_not_be_null', 'breaks': 'query_id is null',
     'message': "'query_id must not be null'"},
    {'name': 'search_metrics_judgments__doc_id_must_not_be_null', 'breaks': 'doc_id is null',
     'message': "'doc_id must not be null'"},
    {'name': 'search_metrics_judgments__scale_must_be_binary_graded_or_detail',
     'breaks': "scale is null or scale not in ('binary', 'graded', 'detail')",
     'message': "'scale must be one of binary, graded, detail'"},
    {'name': 'search_metrics_judgments__grade_must_be_a_whole_number',
     'breaks': 'unread_grade is not null or ' ~ search_metrics.is_nan('grade') ~ ' or grade > ' ~ largest
               ~ ' or grade < -' ~ largest ~ ' or grade <> floor(grade)',
     'message': dbt.concat(["'grade must be null or a whole number from -" ~ largest ~ " to " ~ largest ~ ", got '",
                            "coalesce(breaking.unread_grade, " ~ search_metrics.as_text('breaking.grade') ~ ")"])},
    {'name': 'search_metrics_judgments__grade_must_be_on_its_scale',
     'breaks': 'grade is not null and (' ~ (off_scale | join(' or ')) ~ ')',
     'message': "'grade must be a grade of its scale: binary 0,1; graded 0.." ~ grading.max_grade
                ~ (" or a negative whole number (read as " ~ grading.negative_grades ~ ")" if negatives_allowed
                   else " (negative grades are rejected: see search_metrics_negative_grades)")
                ~ "; detail 1..10'"},
] %}

with rows_breaking_a_row_rule as (
    select
        query_id,
        doc_id,
        rater_id,
        grade,
        unread_grade,
        scale,
        {%- for rule in row_rules %}
        case when {{ rule.breaks }} then 1 else 0 end as breaks_rule_{{ loop.index }}{{ ',' if not loop.last }}
        {%- endfor %}
    from (
        {{ search_metrics.staged_judgments() }}
    ) as staged_judgments
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

queries_with_several_scales as (
    select
        query_id,
        count(distinct scale) as n_scales
    from (
        {{ search_metrics.staged_judgments() }}
    ) as staged_judgments
    group by query_id
    having count(distinct scale) > 1
)

select
    row_rules.rule,
    case row_rules.rule_number
        {%- for rule in row_rules %}
        when {{ loop.index }} then {{ rule.message }}
        {%- endfor %}
    end as rule_violated,
    breaking.query_id,
    breaking.doc_id,
    breaking.rater_id,
    breaking.grade,
    breaking.unread_grade,
    breaking.scale,
    cast(null as {{ dbt.type_bigint() }}) as n_scales
from rows_breaking_a_row_rule as breaking
inner join row_rules
    on
    {%- for rule in row_rules %}
    (row_rules.rule_number = {{ loop.index }} and breaking.breaks_rule_{{ loop.index }} = 1){{ ' or' if not loop.last }}
    {%- endfor %}

union all

select
    'search_metrics_judgments__query_must_use_one_scale' as rule,
    'a query must use one scale' as rule_violated,
    query_id,
    cast(null as {{ dbt.type_string() }}) as doc_id,
    cast(null as {{ dbt.type_string() }}) as rater_id,
    cast(null as {{ search_metrics.type_double() }}) as grade,
    cast(null as {{ dbt.type_string() }}) as unread_grade,
    cast(null as {{ dbt.type_string() }}) as scale,
    cast(n_scales as {{ dbt.type_bigint() }}) as n_scales
from queries_with_several_scales
{%- endif %}
