{#-
  The query for one resolved metric entry (see get_metrics). A type on the shared pass (the registry's `plan`)
  runs metric_plan_query with this one entry (its plan handles condensed and whole_list itself). Any other type:
  looks its type up in the metric-type registry (metric_types) and calls the macro it names, search_metrics.<macro>, with the entry's parameters as keyword
  arguments (every parameter of the type but condensed and whole_list, which are metric_query's own). Returns a
  select of run_id, query_id, k, value; a type the registry does not know is a compile error.
    condensed=true (average_precision, ndcg): the rows not graded on the metric's scale are dropped first and
      the rest renumbered 1, 2, .. in rank order (Sakai's condensed lists; ir_measures' judged_only).
    whole_list=true (average_precision, ndcg): one value over the whole list, k null (trec_eval map, ndcg):
      the metric's macro runs with the single cutoff whole_list_cutoff(), which no rank reaches.
    subtopics (the diversity types, diversity_types): {'results': <subtopic-labeled results>, 'pool': <subtopic
      pool>} (search_metrics_int_subtopic_results / _pool), read in place of results and pool; a diversity type
      without it is a compile error. The other types ignore it.
-#}
{% macro metric_query(metric, results, pool, spine, cutoffs, subtopics=none) %}
    {{- return(adapter.dispatch('metric_query', 'search_metrics')(metric, results, pool, spine, cutoffs, subtopics)) -}}
{% endmacro %}

{% macro default__metric_query(metric, results, pool, spine, cutoffs, subtopics=none) -%}
    {%- if metric.type in search_metrics.diversity_types() and subtopics is none -%}
        {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ metric.name ~ "' of type " ~ metric.type ~ " reads the subtopic judgments: metric_query needs subtopics={'results': ..., 'pool': ...}") -}}
    {%- endif -%}
    {%- if search_metrics.metric_types().get(metric.type, {}).get('plan') %}
    select run_id, query_id, k, value
    from (
        {{ search_metrics.metric_plan_query([metric], results, pool, spine, cutoffs) | indent(8) }}
    ) as plan_values
    {%- else -%}
    {%- set diversity = {'results': subtopics.results, 'pool': subtopics.pool, 'spine': spine, 'cutoffs': cutoffs} if subtopics is not none else {} -%}
    {%- if metric.get('condensed') -%}
        {%- set results -%}
        (
            select
                run_id,
                query_id,
                doc_id,
                row_number() over (partition by run_id, query_id order by rank, doc_id) as rank,
                score,
                binary_value,
                graded_value,
                detail_value,
                binary_tie
            from {{ results }}
            where {{ metric.scale }}_value is not null
        ) as condensed_results
        {%- endset -%}
    {%- endif -%}
    {%- set whole_list = metric.get('whole_list') -%}
    {%- set common = {'results': results, 'cutoffs': [search_metrics.whole_list_cutoff()] if whole_list else cutoffs,
                      'pool': pool, 'spine': spine} -%}
    {%- if whole_list %}
    select run_id, query_id, cast(null as {{ dbt.type_int() }}) as k, value
    from (
    {%- endif %}
    {#- the registry names the type's macro and parameters once: call it with the entry's parameters by name -#}
    {%- set spec = search_metrics.metric_types().get(metric.type) -%}
    {%- if spec is none -%}
        {{ exceptions.raise_compiler_error("search_metrics: no macro for metric type '" ~ metric.type ~ "'") }}
    {%- endif -%}
    {%- set arguments = dict(diversity if spec.get('reads') == 'subtopics' else common) -%}
    {%- for key in spec['params'] if key not in ('condensed', 'whole_list') -%}
        {%- do arguments.update({key: metric[key]}) -%}
    {%- endfor -%}
    {{ search_metrics[spec['macro']](**arguments) }}
    {%- if whole_list %}
    ) as whole_list_values
    {%- endif %}
    {%- endif %}
{%- endmacro %}
