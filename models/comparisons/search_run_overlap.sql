{#-
  Per compared pair of runs and query that both runs returned: how much the two result lists overlap.
  Pairs: var search_metrics_comparisons, default every run against the first run in binary order (as in
  search_query_deltas). A query only one run returned has no row.
  - measure 'jaccard', one row per cutoff k of var search_metrics_cutoffs: |A ∩ B| / |A ∪ B| of the doc sets with
    rank <= k (the rank column of search_metrics_stg_results); null when both top k are empty (rank gaps).
  - measure 'rbo', k null: extrapolated rank-biased overlap RBO_ext (Webber, Moffat & Zobel 2010, eq. 32, which
    is eq. 30 when both lists have the same length) with p = var search_metrics_rbo_persistence; depth d = the
    position in rank order (row_number by rank, so rank gaps do not count), s and l the lengths of the shorter
    and the longer list, X_d the docs both lists hold within depth d (the whole shorter list once d > s):
      (1 - p) / p * (sum_{d=1..l} X_d / d * p^d + sum_{d=s+1..l} X_s * (d - s) / (s * d) * p^d)
      + ((X_l - X_s) / l + X_s / s) * p^l.
    Never null (both lists are non-empty). p^d (persistence_power) is taken as 0 once d * ln(p) < -600 (< 1e-260, so that no engine
    underflows; PostgreSQL raises an error on a double underflow).
  Incremental by pair (judged_incremental_config, docs/comparisons.md "Incremental builds"): each row carries its
  pair's overlap_fingerprint (search_metrics_int_overlap_fingerprints: the two runs' results fingerprints, not the
  judgments); an incremental build deletes the rows of the pairs whose fingerprint moved or that are no longer
  compared, and computes the pairs the table lacks, reading only their runs' result rows (a pair sharing no query
  has no rows, so it is computed again, to nothing, by every build).
-#}
{%- set build_settings = search_metrics.overlap_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('comparisons') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_overlap_fingerprints', ['baseline', 'candidate'],
                                               'overlap_fingerprint', build_settings)
) }}
{%- if model_enabled %}
{%- set cutoffs = search_metrics.get_cutoffs() -%}
{%- set double = search_metrics.type_double() -%}
{%- set p = 'cast(' ~ search_metrics.get_rbo_persistence() ~ ' as ' ~ double ~ ')' -%}

with comparison_pairs as (
    {#- the pairs to build, with their fingerprints (a pair whose baseline or candidate has results) #}
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_overlap_fingerprints'), ['baseline', 'candidate']) | indent(4) }}
),

{%- if is_incremental() %}

{#- the runs of the pairs to build: a join (runs_of_pairs), so that the engine reads no row of the results when
    there is no pair to build #}
runs_to_read as (
    {{ search_metrics.runs_of_pairs('comparison_pairs') | indent(4) }}
),
{%- endif %}

ranked_results as (
    select
        results.run_id,
        results.query_id,
        results.doc_id,
        results.rank,
        row_number() over (
            partition by results.run_id, results.query_id
            order by results.rank, {{ search_metrics.binary_order('results.doc_id') }}
        ) as depth
    from {{ ref('search_metrics_stg_results') }} as results
    {%- if is_incremental() %}
    inner join runs_to_read on runs_to_read.run_id = results.run_id
    {%- endif %}
),

query_spine as (
    select
        query_spine.run_id,
        query_spine.query_id,
        query_spine.n_results
    from {{ ref('search_metrics_int_query_spine') }} as query_spine
    {%- if is_incremental() %}
    inner join runs_to_read on runs_to_read.run_id = query_spine.run_id
    {%- endif %}
),

-- the queries both runs of a pair returned, with the lengths of the two lists
pair_queries as (
    select
        comparison_pairs.baseline,
        comparison_pairs.candidate,
        baseline_spine.query_id,
        case
            when baseline_spine.n_results <= candidate_spine.n_results then baseline_spine.n_results
            else candidate_spine.n_results
        end as short_length,
        case
            when baseline_spine.n_results >= candidate_spine.n_results then baseline_spine.n_results
            else candidate_spine.n_results
        end as long_length,
        case
            when baseline_spine.n_results >= candidate_spine.n_results then comparison_pairs.baseline
            else comparison_pairs.candidate
        end as long_run_id
    from comparison_pairs
    inner join query_spine as baseline_spine
        on baseline_spine.run_id = comparison_pairs.baseline
    inner join query_spine as candidate_spine
        on candidate_spine.run_id = comparison_pairs.candidate
        and candidate_spine.query_id = baseline_spine.query_id
),

-- every doc both lists of a pair's query hold: its ranks, and the depth from which both lists have shown it
shared_docs as (
    select
        pair_queries.baseline,
        pair_queries.candidate,
        pair_queries.query_id,
        baseline_results.rank as baseline_rank,
        candidate_results.rank as candidate_rank,
        case
            when baseline_results.depth >= candidate_results.depth then baseline_results.depth
            else candidate_results.depth
        end as shared_from_depth
    from pair_queries
    inner join ranked_results as baseline_results
        on baseline_results.run_id = pair_queries.baseline
        and baseline_results.query_id = pair_queries.query_id
    inner join ranked_results as candidate_results
        on candidate_results.run_id = pair_queries.candidate
        and candidate_results.query_id = pair_queries.query_id
        and candidate_results.doc_id = baseline_results.doc_id
),

-- jaccard: the top-k counts of each list and of the shared docs
cutoffs as (
    {{ search_metrics.cutoffs_relation(cutoffs) | indent(4) }}
),

top_counts as (
    select
        ranked_results.run_id,
        ranked_results.query_id,
        cutoffs.k,
        sum(case when ranked_results.rank <= cutoffs.k then 1 else 0 end) as n_top
    from ranked_results
    cross join cutoffs
    group by ranked_results.run_id, ranked_results.query_id, cutoffs.k
),

shared_top_counts as (
    select
        shared_docs.baseline,
        shared_docs.candidate,
        shared_docs.query_id,
        cutoffs.k,
        sum(
            case when shared_docs.baseline_rank <= cutoffs.k and shared_docs.candidate_rank <= cutoffs.k then 1 else 0 end
        ) as n_shared
    from shared_docs
    cross join cutoffs
    group by shared_docs.baseline, shared_docs.candidate, shared_docs.query_id, cutoffs.k
),

jaccard as (
    select
        pair_queries.baseline,
        pair_queries.candidate,
        pair_queries.query_id,
        'jaccard' as measure,
        cutoffs.k,
        case
            when baseline_top.n_top + candidate_top.n_top = 0 then null
            else {{ search_metrics.as_double('coalesce(shared_top_counts.n_shared, 0)') }}
                / (baseline_top.n_top + candidate_top.n_top - coalesce(shared_top_counts.n_shared, 0))
        end as value
    from pair_queries
    cross join cutoffs
    inner join top_counts as baseline_top
        on baseline_top.run_id = pair_queries.baseline
        and baseline_top.query_id = pair_queries.query_id
        and baseline_top.k = cutoffs.k
    inner join top_counts as candidate_top
        on candidate_top.run_id = pair_queries.candidate
        and candidate_top.query_id = pair_queries.query_id
        and candidate_top.k = cutoffs.k
    left join shared_top_counts
        on shared_top_counts.baseline = pair_queries.baseline
        and shared_top_counts.candidate = pair_queries.candidate
        and shared_top_counts.query_id = pair_queries.query_id
        and shared_top_counts.k = cutoffs.k
),

-- rbo: the overlap X_d at every depth d = 1..l (the depths of the longer list)
new_shared_at_depth as (
    select
        baseline,
        candidate,
        query_id,
        shared_from_depth as depth,
        count(*) as n_new
    from shared_docs
    group by baseline, candidate, query_id, shared_from_depth
),

overlap_at_depth as (
    select
        pair_queries.baseline,
        pair_queries.candidate,
        pair_queries.query_id,
        pair_queries.short_length,
        pair_queries.long_length,
        long_results.depth,
        sum(coalesce(new_shared_at_depth.n_new, 0)) over (
            partition by pair_queries.baseline, pair_queries.candidate, pair_queries.query_id
            order by long_results.depth
            rows between unbounded preceding and current row
        ) as overlap
    from pair_queries
    inner join ranked_results as long_results
        on long_results.run_id = pair_queries.long_run_id
        and long_results.query_id = pair_queries.query_id
    left join new_shared_at_depth
        on new_shared_at_depth.baseline = pair_queries.baseline
        and new_shared_at_depth.candidate = pair_queries.candidate
        and new_shared_at_depth.query_id = pair_queries.query_id
        and new_shared_at_depth.depth = long_results.depth
),

weighted_overlap as (
    select
        baseline,
        candidate,
        query_id,
        short_length,
        long_length,
        depth,
        overlap,
        {{ search_metrics.persistence_power(p, 'depth') }} as weight
    from overlap_at_depth
),

rbo_sums as (
    select
        baseline,
        candidate,
        query_id,
        max(short_length) as short_length,
        max(long_length) as long_length,
        sum(weight * {{ search_metrics.as_double('overlap') }} / depth) as seen_sum,
        sum(case when depth > short_length then weight * {{ search_metrics.as_double('depth - short_length') }} / depth else 0 end) as extrapolated_sum,
        sum(case when depth = short_length then overlap else 0 end) as short_overlap,
        sum(case when depth = long_length then overlap else 0 end) as long_overlap
    from weighted_overlap
    group by baseline, candidate, query_id
),

rbo as (
    select
        baseline,
        candidate,
        query_id,
        'rbo' as measure,
        cast(null as {{ dbt.type_int() }}) as k,
        (1 - {{ p }}) / {{ p }}
            * (seen_sum + {{ search_metrics.as_double('short_overlap') }} / short_length * extrapolated_sum)
        + (
            {{ search_metrics.as_double('long_overlap - short_overlap') }} / long_length
            + {{ search_metrics.as_double('short_overlap') }} / short_length
        ) * {{ search_metrics.persistence_power(p, 'long_length') }} as value
    from rbo_sums
),

overlap_rows as (
    select
        baseline,
        candidate,
        query_id,
        cast(measure as {{ dbt.type_string() }}) as measure,
        cast(k as {{ dbt.type_int() }}) as k,
        {{ search_metrics.as_double('value') }} as value
    from jaccard
    union all
    select
        baseline,
        candidate,
        query_id,
        cast(measure as {{ dbt.type_string() }}) as measure,
        cast(k as {{ dbt.type_int() }}) as k,
        {{ search_metrics.as_double('value') }} as value
    from rbo
)

select
    cast(overlap_rows.baseline as {{ dbt.type_string() }}) as baseline,
    cast(overlap_rows.candidate as {{ dbt.type_string() }}) as candidate,
    overlap_rows.query_id,
    overlap_rows.measure,
    overlap_rows.k,
    overlap_rows.value,
    comparison_pairs.overlap_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from overlap_rows
inner join comparison_pairs
    on comparison_pairs.baseline = overlap_rows.baseline
    and comparison_pairs.candidate = overlap_rows.candidate
{%- endif %}
