{#-
  Each automated judge's values next to the human consensus: one row per (scale, rater_id, query_id, doc_id) of
  every item the judge has a row for, on each of the three scales, with
    n_graded_rows: the judge's rows of the item with a grade (after var search_metrics_negative_grades);
    judge_value:   the judge's rows of the item aggregated as the metrics aggregate judgments (aggregate_judgments:
                   the majority vote on binary, null on a tie or without a vote; the mean on graded and detail), so
                   a judge that graded an item twice gets their majority or mean;
    human_value:   the human consensus, aggregate_judgments over every human row of the item (null when no human
                   graded it, and on binary when the humans' vote ties).
  An item is on a scale for the judge when both values are non-null there. `human_judgments` and `judge_judgments`
  are parenthesised subqueries or relations with query_id, doc_id, grade and scale, the second with rater_id too
  (not null). One aggregate_judgments call aggregates both (key judge_id, null for the humans). Values are double.
-#}
{% macro judge_items(human_judgments, judge_judgments) %}
    {{- return(adapter.dispatch('judge_items', 'search_metrics')(human_judgments, judge_judgments)) -}}
{% endmacro %}

{% macro default__judge_items(human_judgments, judge_judgments) -%}
    {%- set both_sides -%}
    (
        select cast(null as {{ dbt.type_string() }}) as judge_id, query_id, doc_id, grade, scale
        from {{ human_judgments }} as human_rows
        union all
        select rater_id as judge_id, query_id, doc_id, grade, scale
        from {{ judge_judgments }} as judge_rows
    )
    {%- endset -%}
    {%- set scales = ['binary', 'graded', 'detail'] -%}
    {%- set scale_rows = [] -%}
    {%- for scale in scales %}{% do scale_rows.append(["cast('" ~ scale ~ "' as " ~ dbt.type_string() ~ ")"]) %}{% endfor %}
    with judge_and_consensus_values as (
        {{ search_metrics.aggregate_judgments(both_sides, ['judge_id', 'query_id', 'doc_id']) | indent(8) }}
    ),

    -- each judge's item beside the human consensus of the item, every scale's values (the aggregation is read
    -- twice here and nowhere else: Spark inlines a CTE at each of its uses)
    judged_items as (
        select
            judged.judge_id,
            judged.query_id,
            judged.doc_id,
            judged.n_graded_rows
            {%- for scale in scales %},
            consensus.{{ scale }}_value as human_{{ scale }}_value,
            judged.{{ scale }}_value as judge_{{ scale }}_value
            {%- endfor %}
        from judge_and_consensus_values as judged
        left join judge_and_consensus_values as consensus
            on consensus.judge_id is null
            and consensus.query_id = judged.query_id
            and consensus.doc_id = judged.doc_id
        where judged.judge_id is not null
    ),

    item_scales as (
        {{ search_metrics.literal_relation(['scale'], scale_rows) | indent(8) }}
    )

    select
        item_scales.scale,
        judged_items.judge_id as rater_id,
        judged_items.query_id,
        judged_items.doc_id,
        judged_items.n_graded_rows,
        {%- for side in ['human', 'judge'] %}
        case item_scales.scale
            {%- for scale in scales %}
            when '{{ scale }}' then {{ search_metrics.as_double('judged_items.' ~ side ~ '_' ~ scale ~ '_value') }}
            {%- endfor %}
        end as {{ side }}_value{% if not loop.last %},{% endif %}
        {%- endfor %}
    from judged_items
    cross join item_scales
{%- endmacro %}
