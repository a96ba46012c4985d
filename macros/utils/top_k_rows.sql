{#-
  Every (run_id, query_id, k) of the spine, left-joined to the rows of `rows` with rank <= k.
  A pair whose top k is empty keeps one row with null columns, so that metrics still report it.
-#}
{% macro top_k_rows(rows, columns, cutoffs, spine) %}
    {{- return(adapter.dispatch('top_k_rows', 'search_metrics')(rows, columns, cutoffs, spine)) -}}
{% endmacro %}

{% macro default__top_k_rows(rows, columns, cutoffs, spine) -%}
    select
        spine.run_id,
        spine.query_id,
        cutoffs.k
        {%- for column in columns %},
        ranked_rows.{{ column }}
        {%- endfor %}
    from ({{ spine }}) as spine
    cross join ({{ search_metrics.cutoffs_relation(cutoffs) }}) as cutoffs
    left join {{ rows }} as ranked_rows
        on ranked_rows.run_id = spine.run_id
        and ranked_rows.query_id = spine.query_id
        and ranked_rows.rank <= cutoffs.k
{%- endmacro %}
