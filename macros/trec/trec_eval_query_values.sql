{#-
  Every measure of the trec_eval table per evaluated (run_id, query_id) of `spine`, one row per (run_id, query_id,
  measure): the entries of trec_eval_measures() computed together (metric_queries: the types on the shared pass in
  one pass, each at its own cutoffs; the others by their own queries) over `results` / `pool` / `spine` (the shapes
  of search_metrics_int_trec_eval_results / _pool / _spine, or their rows for the pairs
  search_metrics_int_trec_eval_query_values builds),
  each named as trec_eval names it (measure_k with cutoffs), a null (our "undefined") written as trec_eval's 0; an
  entry with `geometric` adds that measure, ln(max(value, 0.00001)) (m_gm_map.c); iprec_at_recall_0.00 .. _1.00
  from one interpolated_precision pass (trec_eval's binary relevance, the level rounding of var
  search_metrics_trec_eval's version) and 11pt_avg, the mean of those 11 values (average_precision_11pt's
  definition, read from the same pass).
  A select (it starts with `with`) of: run_id, query_id, measure, value (double, never null), summary_rule ('mean',
  'sum' or 'geometric': how search_metrics_int_trec_eval_summaries forms the query_id 'all' row), printed_as ('long' or 'double':
  trec_eval's print format).
-#}
{% macro trec_eval_query_values(results, pool, spine) %}
    {{- return(adapter.dispatch('trec_eval_query_values', 'search_metrics')(results, pool, spine)) -}}
{% endmacro %}

{% macro default__trec_eval_query_values(results, pool, spine) %}
{%- set settings = search_metrics.get_trec_eval_settings() -%}
{%- set text = dbt.type_string() -%}
{#- the entries expanded (one per value of `each`), with metric names of our own for get_metrics -#}
{%- set expanded = [] -%}
{%- set requested = [] -%}
{%- for entry in search_metrics.trec_eval_measures(settings) -%}
    {%- set each = entry.get('each') or {} -%}
    {%- set variants = [] -%}
    {%- if each -%}
        {%- set parameter, values = (each.items() | list)[0] -%}
        {%- for value in values -%}
            {%- do variants.append([dict(entry.metric, **{parameter: value}), entry.measure ~ '_' ~ (entry.get('format', '%s') | format(value))]) -%}
        {%- endfor -%}
    {%- else -%}
        {%- do variants.append([entry.metric, entry.measure]) -%}
    {%- endif -%}
    {%- for metric, measure in variants -%}
        {%- set name = 'trec_eval_' ~ (expanded | length) -%}
        {%- do requested.append(dict(metric, name=name)) -%}
        {%- do expanded.append({'name': name, 'measure': measure, 'cutoffs': entry.get('cutoffs'),
                                'summary': entry.get('summary', 'mean'), 'printed': entry.get('printed', 'double'),
                                'geometric': entry.get('geometric')}) -%}
    {%- endfor -%}
{%- endfor -%}
{#- each entry's cutoffs ride on the entry (the shared pass reduces each metric at its own) -#}
{%- set metrics = [] -%}
{%- for metric in search_metrics.get_metrics(requested) -%}
    {%- do metrics.append(dict(metric, cutoffs=expanded[loop.index0].cutoffs or [search_metrics.whole_list_cutoff()])) -%}
{%- endfor -%}
{%- set relevance = search_metrics.get_metrics([{'name': 'curve', 'type': 'average_precision_11pt'}])[0] -%}
{#- one row per output of an entry: its value, and its geometric reading when it has one -#}
{%- set measure_rows = [] -%}
{%- for item in expanded -%}
    {%- for transform in ['value'] + (['geometric'] if item.geometric else []) -%}
        {%- do measure_rows.append([search_metrics.string_literal(item.name),
            search_metrics.string_literal(item.geometric if transform == 'geometric' else item.measure),
            '1' if item.cutoffs and transform == 'value' else '0',
            search_metrics.string_literal('geometric' if transform == 'geometric' else item.summary),
            search_metrics.string_literal('double' if transform == 'geometric' else item.printed),
            search_metrics.string_literal(transform)]) -%}
    {%- endfor -%}
{%- endfor -%}
with metric_values as (
    {{ search_metrics.metric_queries(metrics, results, pool, spine, [search_metrics.whole_list_cutoff()]) | indent(4) }}
),

measures as (
    {{ search_metrics.literal_relation(['name', 'measure', 'per_cutoff', 'summary_rule', 'printed_as', 'transform'], measure_rows) | indent(4) }}
),

curve_values as (
    {{ search_metrics.interpolated_precision(results, pool, spine, relevance.scale, relevance.threshold, settings.version) }}
)

select
    metric_values.run_id,
    metric_values.query_id,
    case
        when measures.per_cutoff = 1
            then {{ dbt.concat(['measures.measure', "'_'", search_metrics.as_text('metric_values.k')]) }}
        else cast(measures.measure as {{ text }})
    end as measure,
    case
        when measures.transform = 'geometric'
            then ln(greatest(coalesce(metric_values.value, cast(0 as {{ search_metrics.type_double() }})),
                             {{ search_metrics.as_double('0.00001') }}))
        else coalesce(metric_values.value, cast(0 as {{ search_metrics.type_double() }}))
    end as value,
    cast(measures.summary_rule as {{ text }}) as summary_rule,
    cast(measures.printed_as as {{ text }}) as printed_as
from metric_values
inner join measures on measures.name = metric_values.metric
union all
select
    run_id,
    query_id,
    case cast(round(recall_level * 10) as {{ dbt.type_int() }})
        {%- for tenths in range(11) %}
        when {{ tenths }} then cast('iprec_at_recall_{{ "%.2f" | format(tenths / 10) }}' as {{ text }})
        {%- endfor %}
    end as measure,
    coalesce(precision, cast(0 as {{ search_metrics.type_double() }})) as value,
    cast('mean' as {{ text }}) as summary_rule,
    cast('double' as {{ text }}) as printed_as
from curve_values
union all
select
    run_id,
    query_id,
    cast('11pt_avg' as {{ text }}) as measure,
    coalesce(avg(precision), cast(0 as {{ search_metrics.type_double() }})) as value,
    cast('mean' as {{ text }}) as summary_rule,
    cast('double' as {{ text }}) as printed_as
from curve_values
group by run_id, query_id
{% endmacro %}
