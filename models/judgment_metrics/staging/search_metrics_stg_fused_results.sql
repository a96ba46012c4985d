{#-
  The fused runs (var search_metrics_fusions, get_fusions; docs/fusion.md): one row per (run_id, query_id, doc_id)
  of every fusion and every configuration of its weight sweep, with the results contract's columns: run_id (the
  fusion's name, or '<name>@w=<weights>' for a sweep configuration), query_id, doc_id (the union of the docs of the
  fusion's input runs for the query), rank (1..n, by the fused score descending, ties by doc_id descending in binary
  order: trec_eval's rule, as var search_metrics_rank_from = 'score' ranks), score (the fused score, ranx's
  definitions value for value). Every query some input run of the fusion has is fused; a run without the query is
  read as an empty list.
  Read from the results input as search_metrics_stg_results reads it (staged_results), after the input's rules and
  the fusion rules passed (it depends on search_metrics_stg_results_checked_runs, which the rules' data tests
  precede). search_metrics_stg_results is the input's rows and these, so every metric, comparison and trec_eval
  line covers the fused runs; their fingerprints (search_metrics_int_query_spine) follow these rows, so a fused run
  is rebuilt by the incremental models when an input run or the fusion's settings move its rows.
  A run's list is read in its rank order: position = 1..n (rank gaps closed), as ranx enumerates a run's docs. Every
  sum over floats is in a fixed order (the runs left to right; a list's scores by a window ordered by rank, doc_id).
-#}
{%- set fusions = search_metrics.get_fusions() -%}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') and (fusions | length) > 0 -%}
{{ config(materialized='table',
          enabled=model_enabled) }}
{%- if model_enabled %}
-- depends_on: {{ ref('search_metrics_stg_results_checked_runs') }}
{%- set input_runs = [] -%}
{%- for fusion in fusions -%}
    {%- for run in fusion.runs -%}
        {%- if run not in input_runs -%}{%- do input_runs.append(run) -%}{%- endif -%}
    {%- endfor -%}
{%- endfor -%}
{%- set list_window = 'partition by run_id, query_id order by rank, ' ~ search_metrics.binary_order('doc_id')
    ~ ' rows between unbounded preceding and unbounded following' %}

with input_rows as (
    select
        run_id,
        query_id,
        doc_id,
        rank,
        score
    from (
        {{ search_metrics.staged_results() | indent(8) }}
    ) as staged_results
    where run_id in (
        {%- for run in input_runs %}{{ search_metrics.string_literal(run) }}{{ ', ' if not loop.last }}{% endfor -%}
    )
),

-- each input row with its position in its list and its list's statistics (ranx normalizes per run and query)
input_lists as (
    select
        run_id,
        query_id,
        doc_id,
        rank,
        score,
        row_number() over (partition by run_id, query_id order by rank, {{ search_metrics.binary_order('doc_id') }}) as position,
        count(*) over (partition by run_id, query_id) as n_results,
        min(score) over (partition by run_id, query_id) as min_score,
        max(score) over (partition by run_id, query_id) as max_score,
        sum(score) over ({{ list_window }}) as sum_score
    from input_rows
),

-- the population standard deviation of each list's scores, in two passes (numpy's np.std)
input_list_spreads as (
    select
        input_lists.*,
        sum_score / n_results as mean_score,
        sqrt({{ search_metrics.as_double('sum((score - sum_score / n_results) * (score - sum_score / n_results)) over (' ~ list_window ~ ')') }} / n_results) as sd_score
    from input_lists
),
{%- for fusion in fusions %}
{%- set f = 'fusion_' ~ loop.index %}
{%- set n_runs = fusion.runs | length %}
{%- set rank_method = fusion.method in ('rrf', 'isr', 'log_isr', 'bordafuse', 'w_bordafuse') %}
{%- set dense = search_metrics.fusion_missing_value(fusion.method, fusion.norm, '0', '1') is not none %}

-- fusion {{ loop.index }}: its input runs' rows, each run by its index in the fusion's runs
{{ f }}_rows as (
    select
        case
            {%- for run in fusion.runs %}
            when run_id = {{ search_metrics.string_literal(run) }} then {{ loop.index }}
            {%- endfor %}
        end as run_index,
        input_list_spreads.*
    from input_list_spreads
    where run_id in ({% for run in fusion.runs %}{{ search_metrics.string_literal(run) }}{{ ', ' if not loop.last }}{% endfor %})
),

-- every doc of the union of the fusion's runs per query, with the union's size
{{ f }}_candidates as (
    select
        query_id,
        doc_id,
        count(*) over (partition by query_id) as n_candidates
    from (select distinct query_id, doc_id from {{ f }}_rows) as union_docs
),

-- each doc's value in each run that holds it{{ ' (every run holds every doc of the union: ranx fills the gaps)' if dense }}
{{ f }}_values as (
    {%- if dense %}
    select
        candidates.query_id,
        candidates.doc_id,
        run_indices.run_index,
        case
            when rows.run_index is null then {{ search_metrics.fusion_missing_value(fusion.method, fusion.norm,
                'coalesce(list_lengths.n_results, 0)', 'candidates.n_candidates') }}
            else {{ search_metrics.fusion_rank_value(fusion.method, 'rows', fusion.k, 'candidates.n_candidates') if rank_method
                    else search_metrics.fusion_normalized_score(fusion.norm, 'rows', 'candidates.n_candidates') }}
        end as value
    from {{ f }}_candidates as candidates
    cross join (
        {%- set index_rows = [] %}
        {%- for i in range(1, n_runs + 1) %}{% do index_rows.append([i | string]) %}{% endfor %}
        {{ search_metrics.literal_relation(['run_index'], index_rows) | indent(8) }}
    ) as run_indices
    left join {{ f }}_rows as rows
        on rows.query_id = candidates.query_id
        and rows.doc_id = candidates.doc_id
        and rows.run_index = run_indices.run_index
    left join (
        select distinct run_index, query_id, n_results from {{ f }}_rows
    ) as list_lengths
        on list_lengths.query_id = candidates.query_id
        and list_lengths.run_index = run_indices.run_index
    {%- else %}
    select
        candidates.query_id,
        candidates.doc_id,
        rows.run_index,
        {{ search_metrics.fusion_rank_value(fusion.method, 'rows', fusion.k, 'candidates.n_candidates') if rank_method
           else search_metrics.fusion_normalized_score(fusion.norm, 'rows', 'candidates.n_candidates') }} as value
    from {{ f }}_rows as rows
    inner join {{ f }}_candidates as candidates
        on candidates.query_id = rows.query_id
        and candidates.doc_id = rows.doc_id
    {%- endif %}
),
{%- if fusion.method == 'med' %}

-- each value's place among the doc's values, for the median
{{ f }}_ordered_values as (
    select
        {{ f }}_values.*,
        row_number() over (partition by query_id, doc_id order by value, run_index) as value_order,
        count(*) over (partition by query_id, doc_id) as n_values
    from {{ f }}_values
),
{%- endif %}

-- one row per (query, doc) of the union: its value in each run (null: not held), side by side
{{ f }}_docs as (
    select
        query_id,
        doc_id,
        {%- for i in range(1, n_runs + 1) %}
        max(case when run_index = {{ i }} then value end) as value_{{ i }},
        {%- endfor %}
        {%- if fusion.method == 'med' %}
        min(case when 2 * value_order in (n_values, n_values + 1, n_values + 2) then value end) as median_low,
        max(case when 2 * value_order in (n_values, n_values + 1, n_values + 2) then value end) as median_high,
        {%- endif %}
        count(*) as n_holding
    from {{ f }}_{{ 'ordered_values' if fusion.method == 'med' else 'values' }}
    group by query_id, doc_id
),

-- the fusion and each configuration of its weight sweep, with its weights
{{ f }}_configurations as (
    {%- set rows = [] %}
    {%- for configuration in fusion.configurations %}
        {%- set row = ['cast(' ~ search_metrics.string_literal(configuration.run_id) ~ ' as ' ~ dbt.type_string() ~ ')'] %}
        {%- for weight in (configuration.weights or []) %}
            {%- do row.append(search_metrics.as_double("%.17g" | format(weight))) %}
        {%- endfor %}
        {%- do rows.append(row) %}
    {%- endfor %}
    {%- set columns = ['run_id'] %}
    {%- for i in range(1, n_runs + 1) if fusion.weights is not none %}{% do columns.append('weight_' ~ i) %}{% endfor %}
    {{ search_metrics.literal_relation(columns, rows) | indent(4) }}
),

{{ f }}_scores as (
    select
        configurations.run_id,
        docs.query_id,
        docs.doc_id,
        {{ search_metrics.fusion_combined_score(fusion.method, n_runs, 'docs', 'configurations') }} as score
    from {{ f }}_docs as docs
    cross join {{ f }}_configurations as configurations
),
{%- endfor %}

fused_scores as (
    {%- for fusion in fusions %}
    select run_id, query_id, doc_id, score from fusion_{{ loop.index }}_scores
    {%- if not loop.last %}
    union all
    {%- endif %}
    {%- endfor %}
)

select
    run_id,
    query_id,
    doc_id,
    {{ search_metrics.as_double('row_number() over (partition by run_id, query_id order by score desc, '
        ~ search_metrics.binary_order('doc_id') ~ ' desc)') }} as rank,
    {{ search_metrics.as_double('score') }} as score
from fused_scores
{%- endif %}
