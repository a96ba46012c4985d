{#-
  Every (run_id, query_id) of the spine crossed with every cutoff k, with aggregates over the rows of `rows`
  whose rank <= k: one grouped pass over `rows` per (run_id, query_id) with one conditional aggregate per cutoff
  (`function(case when rank <= k then expression end)`), then the spine x cutoffs picks each k's column.
  No join of the rows to the spine per cutoff and no per-k copy of the rows.
  `aggregates`: a list of [name, function, expression], function one of count, sum, min, max; a count is 0 and
  the others null where the pair has no row with rank <= k (as over an empty top k). `{k}` in an expression is
  replaced by the cutoff (for columns computed per cutoff, such as ndcg's ideal positions).
  `rows`: a relation or CTE name with run_id, query_id, rank and the columns the expressions read; filter it to
  the rows the aggregates need (rank <= the largest cutoff, graded rows, ...).
  Returns run_id, query_id, k and one column per aggregate.
-#}
{% macro aggregate_at_cutoffs(rows, aggregates, cutoffs, spine) %}
    {{- return(adapter.dispatch('aggregate_at_cutoffs', 'search_metrics')(rows, aggregates, cutoffs, spine)) -}}
{% endmacro %}

{% macro default__aggregate_at_cutoffs(rows, aggregates, cutoffs, spine) -%}
    select
        spine.run_id,
        spine.query_id,
        cutoffs.k
        {%- for name, function, expression in aggregates %},
        case cutoffs.k
            {%- for k in cutoffs %}
            when {{ k }} then {% if function == 'count' %}coalesce(per_pair.{{ name }}_at_{{ k }}, 0){% else %}per_pair.{{ name }}_at_{{ k }}{% endif %}
            {%- endfor %}
        end as {{ name }}
        {%- endfor %}
    from ({{ spine }}) as spine
    cross join ({{ search_metrics.cutoffs_relation(cutoffs) }}) as cutoffs
    left join (
        select
            run_id,
            query_id
            {%- for name, function, expression in aggregates %}
            {%- for k in cutoffs %},
            {{ function }}(case when rank <= {{ k }} then {{ expression | replace('{k}', k | string) }} end) as {{ name }}_at_{{ k }}
            {%- endfor %}
            {%- endfor %}
        from {{ rows }}
        group by run_id, query_id
    ) as per_pair
        on per_pair.run_id = spine.run_id
        and per_pair.query_id = spine.query_id
{%- endmacro %}
