{#-
  Interpolated precision at the 11 standard recall levels per (run_id, query_id) (trec_eval
  iprec_at_recall_0.00 .. _1.00): one row per (run_id, query_id, recall_level), recall_level = 0.0, 0.1, .., 1.0.
  R = relevant docs in the pool; at the i-th relevant row (in rank order) of the whole list, precision = i / rank.
  A level x stands for c relevant docs, x R computed in double precision, by the rule of trec_eval's `version`
  (var search_metrics_trec_eval, get_trec_eval_settings; the argument overrides it): 10 (default) c = lround(x R),
  half away from zero (0.7 * 45 = 31.499.. gives 31); 9 (what pytrec_eval bundles) c = floor(x R + 0.9)
  (0.7 * 3 + 0.9 gives c = 2). The interpolated precision at x is the largest precision at or after the c-th
  relevant row, i.e. at a relevant row with i >= c (precision only rises at relevant rows); every row when c = 0;
  0 when the list holds fewer than c relevant rows. This is "recall >= x" up to that rounding. Null at every
  level when R = 0 (trec_eval reports 0). The running count i is a row_number over the relevant rows, ordered by
  rank, doc_id. Returns run_id, query_id, recall_level (double), precision.
-#}
{% macro interpolated_precision(results, pool, spine=none, scale='binary', threshold=1, version=none) %}
    {{- return(adapter.dispatch('interpolated_precision', 'search_metrics')(results, pool, spine, scale, threshold, version)) -}}
{% endmacro %}

{% macro default__interpolated_precision(results, pool, spine, scale, threshold, version) -%}
    {{- search_metrics.require_pool(pool, 'interpolated_precision') -}}
    {%- set double = search_metrics.type_double() -%}
    {%- if version is none -%}{%- set version = search_metrics.get_trec_eval_settings().version -%}{%- endif -%}
    {%- if version not in (9, 10) -%}
        {{- exceptions.raise_compiler_error("search_metrics: interpolated_precision's version must be 9 or 10, got " ~ version) -}}
    {%- endif -%}
    {#- x R in double precision: the level's double (k / 10, the double of trec_eval's literal) times R -#}
    {%- set level_times_r = 'cast(recall_levels.level_tenths as ' ~ double ~ ') / 10 * pool_judgments.n_relevant' -%}
    {%- set level_rows = [] -%}
    {%- for level in range(11) -%}
        {%- do level_rows.append([level]) -%}
    {%- endfor -%}
    with pool_judgments as (
        {{ search_metrics.pool_counts(pool, scale, threshold) | indent(8) }}
    ),

    relevant_points as (
        select
            run_id,
            query_id,
            rank,
            row_number() over (partition by run_id, query_id order by rank, doc_id) as hits
        from {{ results }}
        where {{ search_metrics.relevance_expression(scale, threshold) }} = 1
    ),

    recall_levels as (
        {{- search_metrics.literal_relation(['level_tenths'], level_rows) | indent(8) }}
    ),

    level_precisions as (
        select
            relevant_points.run_id,
            relevant_points.query_id,
            recall_levels.level_tenths,
            max({{ search_metrics.as_double('relevant_points.hits') }} / relevant_points.rank) as precision
        from relevant_points
        inner join pool_judgments on pool_judgments.query_id = relevant_points.query_id
        inner join recall_levels
            {%- if version == 9 %}
            on relevant_points.hits >= floor({{ level_times_r }} + cast(0.9 as {{ double }}))
            {%- else %}
            {#- lround for x R >= 0: the floor, plus 1 when the fraction (exact in double) is at least one half #}
            on relevant_points.hits >= floor({{ level_times_r }})
                + case when {{ level_times_r }} - floor({{ level_times_r }}) >= 0.5 then 1 else 0 end
            {%- endif %}
        group by relevant_points.run_id, relevant_points.query_id, recall_levels.level_tenths
    )

    select
        spine.run_id,
        spine.query_id,
        cast(recall_levels.level_tenths as {{ double }}) / 10 as recall_level,
        case
            when coalesce(pool_judgments.n_relevant, 0) = 0 then null
            else coalesce(level_precisions.precision, cast(0 as {{ double }}))
        end as precision
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    cross join recall_levels
    left join pool_judgments on pool_judgments.query_id = spine.query_id
    left join level_precisions
        on level_precisions.run_id = spine.run_id
        and level_precisions.query_id = spine.query_id
        and level_precisions.level_tenths = recall_levels.level_tenths
{%- endmacro %}
