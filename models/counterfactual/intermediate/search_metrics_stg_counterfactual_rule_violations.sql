{#-
  The rows of the counterfactual family's inputs that break a rule of its contract, one row per (row, rule): the
  candidates' rows of the results input (var search_metrics_counterfactual_candidates) and, with a propensity column
  configured, the impressions' propensities. Columns: rule (the name of its data test,
  search_metrics_counterfactual__<rule>), rule_violated (its message), run_id, query_id, search_id, position and value
  (the offending number, where there is one). The rules:
    - every candidate is a run of the results input (a candidate with no row would be estimated from nothing);
    - a candidate's rank is a whole number from 1 (its list's positions are its ranks), unique within its query;
      its doc_id is not null;
    - a propensity (and a prefix propensity) is a number in (0, 1]: not null, not NaN, not 0 (an impression its
      logger could not have shown), not above 1;
    - a prefix propensity (the probability of positions 1..p as logged) does not grow with the position within a
      search, and is at most the same position's propensity (a prefix is no likelier than one of its parts), each
      with a relative 1e-9 of room for rounding.
  Empty when the inputs keep every rule. The counterfactual models depend on this table, so in `dbt build` a failing
  rule skips them; each rule's data test returns its rows. docs/counterfactual.md, "Inputs".
-#}
{%- set model_enabled = search_metrics.family_enabled('counterfactual') -%}
{{ config(materialized='table', enabled=model_enabled) }}
{%- if model_enabled %}
{%- set enabled = search_metrics.family_enabled('counterfactual') -%}
{%- set settings = search_metrics.get_counterfactual_settings() if enabled else {} -%}
{%- set double = search_metrics.type_double() -%}
{%- set text = dbt.type_string() -%}
{%- set rule_prefix = 'search_metrics_counterfactual__' -%}
{%- if enabled %}
with candidate_runs as (
    {{ search_metrics.counterfactual_candidates_relation(settings.candidates) | indent(4) }}
),

candidate_results as (
    select
        staged_results.run_id,
        staged_results.query_id,
        staged_results.doc_id,
        staged_results.rank
    from (
        {{ search_metrics.staged_results() | indent(8) }}
    ) as staged_results
    inner join candidate_runs on candidate_runs.candidate_run_id = staged_results.run_id
),

repeated_ranks as (
    select
        run_id,
        query_id,
        rank,
        count(*) as n_rows
    from candidate_results
    where rank is not null
    group by run_id, query_id, rank
    having count(*) > 1
)
{%- if settings.propensity_column %},

propensities as (
    {{ search_metrics.staged_propensities(settings) | indent(4) }}
){%- if settings.prefix_propensity_column %},

-- each prefix propensity beside the largest prefix propensity of the search's earlier positions
prefix_steps as (
    select
        search_id,
        position,
        propensity,
        prefix_propensity,
        max(prefix_propensity) over (
            partition by search_id
            order by position
            rows between unbounded preceding and 1 preceding
        ) as earlier_prefix_propensity
    from propensities
    where prefix_propensity is not null and not {{ search_metrics.is_nan('prefix_propensity') }}
)
{%- endif %}
{%- endif %}

select
    '{{ rule_prefix }}candidate_must_be_a_run_of_the_results' as rule,
    'every run_id of search_metrics_counterfactual_candidates must be a run of the results input' as rule_violated,
    candidate_runs.candidate_run_id as run_id,
    cast(null as {{ text }}) as query_id,
    cast(null as {{ text }}) as search_id,
    cast(null as {{ dbt.type_int() }}) as position,
    cast(null as {{ double }}) as value
from candidate_runs
where not exists (
    select 1
    from candidate_results
    where candidate_results.run_id = candidate_runs.candidate_run_id
)

union all

select
    '{{ rule_prefix }}candidate_rank_must_be_a_whole_number_from_1',
    'the rank of a candidate row must be a whole number from 1 (its position in the list of the candidate)',
    run_id,
    query_id,
    cast(null as {{ text }}),
    cast(null as {{ dbt.type_int() }}),
    {{ search_metrics.as_double('rank') }}
from candidate_results
where rank is null or {{ search_metrics.is_nan('rank') }} or rank < 1 or rank > 2147483647 or rank <> floor(rank)

union all

select
    '{{ rule_prefix }}candidate_rank_must_be_unique_within_query',
    'a candidate must have one doc per rank of a query',
    run_id,
    query_id,
    cast(null as {{ text }}),
    cast(null as {{ dbt.type_int() }}),
    {{ search_metrics.as_double('rank') }}
from repeated_ranks

union all

select
    '{{ rule_prefix }}candidate_doc_id_must_not_be_null',
    'the doc_id of a candidate row must not be null',
    run_id,
    query_id,
    cast(null as {{ text }}),
    cast(null as {{ dbt.type_int() }}),
    {{ search_metrics.as_double('rank') }}
from candidate_results
where doc_id is null
{%- if settings.propensity_column %}

union all

select
    '{{ rule_prefix }}propensity_must_be_in_0_1',
    'the propensity ({{ settings.propensity_column }}) of an impression must be a number above 0 and at most 1',
    cast(null as {{ text }}),
    cast(null as {{ text }}),
    search_id,
    position,
    propensity
from propensities
where propensity is null or {{ search_metrics.is_nan('propensity') }} or propensity <= 0 or propensity > 1
{%- if settings.prefix_propensity_column %}

union all

select
    '{{ rule_prefix }}prefix_propensity_must_be_in_0_1',
    'the prefix propensity ({{ settings.prefix_propensity_column }}) of an impression must be a number above 0 and at most 1',
    cast(null as {{ text }}),
    cast(null as {{ text }}),
    search_id,
    position,
    prefix_propensity
from propensities
where prefix_propensity is null or {{ search_metrics.is_nan('prefix_propensity') }} or prefix_propensity <= 0
    or prefix_propensity > 1

union all

select
    '{{ rule_prefix }}prefix_propensity_must_not_grow_with_the_position',
    'a prefix propensity must be at most the prefix propensities of the earlier positions of its search and at most the propensity of its own position',
    cast(null as {{ text }}),
    cast(null as {{ text }}),
    search_id,
    position,
    prefix_propensity
from prefix_steps
-- a relative 1e-9 of room: the two columns are computed apart (a marginal summed over lists, a product of draws), and
-- equal values rarely agree in the last bit
where prefix_propensity > earlier_prefix_propensity * (1 + 1e-9) or prefix_propensity > propensity * (1 + 1e-9)
{%- endif %}
{%- endif %}
{%- else %}
select 1 as disabled
{%- endif %}
{%- endif %}
