{#-
  Every metric of `metrics` (resolved entries of types on the plan, metric_plan) in one pass over the results:
    plan_query_terms  one grouped pass over the pool per query (its counts, its ideal DCGs from one window per
                      scale over the pool's ideal order, plan_pool_terms);
    plan_row_terms    the results (rank <= the largest cutoff of a slot unless a term reads every rank) with each row's
                      row terms (ERR's stop probabilities);
    plan_ordered_terms  every window term: one sort per distinct order (the rank order; a scale's local ideal
                      order), shared by every metric that reads it (plan_reordered_terms: the late windows, which
                      read a window term);
    plan_levels_<scale>, plan_level_terms_<scale>  the level terms of a scale (local ideal DCGs): the rows within
                      the cutoffs counted per (run_id, query_id, value), each value's ideal positions starting after
                      the counts of the higher values (a window over the values, not the rows), the discounts of a
                      range of positions from plan_discount_sums;
    plan_pair_terms   one grouped pass per (run_id, query_id) computing every sum, count and minimum of every
                      metric at every cutoff (the rows joined to their query terms here, after the sorts, when a
                      pair term reads them: the sorts carry no query column);
    plan_spine_terms  the spine (run_id, query_id; n_results when a value reads it) with the pair and query terms,
                      their defaults where a pair or query has no row;
  then each (metric, k) slot of a literal relation picks its value expression (`case slot`): the long rows of
  today's output from one scan of the spine terms.
  `results`: run_id, query_id, doc_id, rank and the columns the terms read (<scale>_value, binary_tie);
  `pool`: query_id, doc_id, <scale>_value (needed when a term reads it: a compile error says so); `spine`: run_id,
  query_id (and n_results for count retrieved), or none for every pair of the results; `cutoffs`: the cutoffs.
  Returns run_id, query_id, metric (text), k (int; null for a metric without a cutoff), value (double).
-#}
{% macro metric_plan_query(metrics, results, pool=none, spine=none, cutoffs=none) %}
    {{- return(adapter.dispatch('metric_plan_query', 'search_metrics')(metrics, results, pool, spine, cutoffs)) -}}
{% endmacro %}

{% macro default__metric_plan_query(metrics, results, pool, spine, cutoffs) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {%- set plan = search_metrics.metric_plan(metrics, cutoffs) -%}
    {%- set int = dbt.type_int() -%}
    {%- set level_scales = plan.level_terms.values() | map(attribute='scale') | unique | list | sort -%}
    {%- if (plan.query_terms or plan.pool_terms) and pool is none -%}
        {{- exceptions.raise_compiler_error("search_metrics: the metrics " ~ (metrics | map(attribute='name') | join(', ')) ~ " read the pool of judged docs: pass pool=<relation with query_id, doc_id and the *_value columns>") -}}
    {%- endif -%}
    {%- if plan.reads_n_results and spine is none -%}
        {{- exceptions.raise_compiler_error("search_metrics: the metrics " ~ (metrics | map(attribute='name') | join(', ')) ~ " read n_results: pass spine=<relation with run_id, query_id and n_results>") -}}
    {%- endif -%}
    {%- set slot_rows = [] -%}
    {%- for slot in plan.slots -%}
        {%- do slot_rows.append([loop.index, search_metrics.string_literal(slot.metric),
                                 'cast(' ~ (slot.k if slot.k is not none else 'null') ~ ' as ' ~ int ~ ')']) -%}
    {%- endfor -%}
    with
    {%- if plan.query_terms %}
    {%- if plan.pool_terms %}

    plan_pool_terms as (
        select
            pool.*
            {%- for name, sql in plan.pool_terms.items() %},
            {{ sql }} as {{ name }}
            {%- endfor %}
        from {{ pool }} as pool
    ),
    {%- endif %}

    plan_query_terms as (
        select
            query_id
            {%- for name, term in plan.query_terms.items() %},
            {{ term[0] }} as {{ name }}
            {%- endfor %}
        from {{ 'plan_pool_terms' if plan.pool_terms else pool }}
        group by query_id
    ),
    {%- endif %}

    plan_row_terms as (
        select
            results.*
            {%- for name, sql in plan.row_terms.items() %},
            {{ sql }} as {{ name }}
            {%- endfor %}
        from {{ results }} as results
        {%- if not plan.reads_every_rank %}
        where results.rank <= {{ plan.slots | map(attribute='k') | max }}
        {%- endif %}
    ),

    {%- if plan.level_terms %}
    {%- set level_ks = plan.level_terms.values() | map(attribute='k') | unique | list | sort %}

    plan_discount_sums as (
        {{ search_metrics.plan_discount_sums(level_ks | max) | indent(8) }}
    ),
    {%- for scale in level_scales %}
    {%- set scale_terms = [] %}
    {%- for name, term in plan.level_terms.items() if term.scale == scale %}{% do scale_terms.append([name, term]) %}{% endfor %}
    {%- set scale_ks = scale_terms | map(attribute=1) | map(attribute='k') | unique | list | sort %}

    plan_levels_{{ scale }} as (
        select
            run_id,
            query_id,
            {{ scale }}_value
            {%- for k in scale_ks %},
            count(case when rank <= {{ k }} then 1 end) as level_rows_{{ k }}
            {%- endfor %}
        from {{ results }} as results
        where {{ scale }}_value is not null
            and rank <= {{ scale_ks | max }}
        group by run_id, query_id, {{ scale }}_value
    ),

    plan_level_ranges_{{ scale }} as (
        select
            plan_levels_{{ scale }}.*
            {%- for k in scale_ks %},
            {#- a (run_id, query_id)'s values are distinct here: the order has no ties #}
            coalesce(sum(level_rows_{{ k }}) over (
                partition by run_id, query_id
                order by {{ scale }}_value desc
                rows between unbounded preceding and 1 preceding
            ), 0) as level_above_{{ k }}
            {%- endfor %}
        from plan_levels_{{ scale }}
    ),

    plan_level_terms_{{ scale }} as (
        select
            level_ranges.run_id,
            level_ranges.query_id
            {%- for name, term in scale_terms %},
            sum(case when level_ranges.level_rows_{{ term.k }} > 0
                then {{ term.gain }} * (through_{{ term.k }}.discount_sum - before_{{ term.k }}.discount_sum) end) as {{ name }}
            {%- endfor %}
        from plan_level_ranges_{{ scale }} as level_ranges
        {%- for k in scale_ks %}
        inner join plan_discount_sums as before_{{ k }}
            on before_{{ k }}.position = level_ranges.level_above_{{ k }}
        inner join plan_discount_sums as through_{{ k }}
            on through_{{ k }}.position = level_ranges.level_above_{{ k }} + level_ranges.level_rows_{{ k }}
        {%- endfor %}
        group by level_ranges.run_id, level_ranges.query_id
    ),
    {%- endfor %}
    {%- endif %}

    plan_ordered_terms as (
        select
            plan_row_terms.*
            {%- for name, sql in plan.window_terms.items() %},
            {{ sql }} as {{ name }}
            {%- endfor %}
        from plan_row_terms
    ),

    {%- if plan.late_window_terms %}

    plan_reordered_terms as (
        select
            plan_ordered_terms.*
            {%- for name, sql in plan.late_window_terms.items() %},
            {{ sql }} as {{ name }}
            {%- endfor %}
        from plan_ordered_terms
    ),
    {%- endif %}

    plan_pair_terms as (
        select
            ordered_terms.run_id,
            ordered_terms.query_id
            {%- for name, term in plan.pair_terms.items() %},
            {{ term[0] }} as {{ name }}
            {%- endfor %}
        from {{ 'plan_reordered_terms' if plan.late_window_terms else 'plan_ordered_terms' }} as ordered_terms
        {%- if plan.reads_query_terms %}
        left join plan_query_terms on plan_query_terms.query_id = ordered_terms.query_id
        {%- endif %}
        group by ordered_terms.run_id, ordered_terms.query_id
    ),

    plan_spine_terms as (
        select
            spine.run_id,
            spine.query_id
            {%- if plan.reads_n_results %},
            spine.n_results
            {%- endif %}
            {%- for name, term in plan.pair_terms.items() %},
            {% if term[1] is not none %}coalesce(plan_pair_terms.{{ name }}, {{ term[1] }}){% else %}plan_pair_terms.{{ name }}{% endif %} as {{ name }}
            {%- endfor %}
            {%- for name, term in plan.query_terms.items() %},
            {% if term[1] is not none %}coalesce(plan_query_terms.{{ name }}, {{ term[1] }}){% else %}plan_query_terms.{{ name }}{% endif %} as {{ name }}
            {%- endfor %}
            {%- for name, term in plan.level_terms.items() %},
            plan_level_terms_{{ term.scale }}.{{ name }}
            {%- endfor %}
        from (
            {%- if plan.reads_n_results %}
            select run_id, query_id, n_results from {{ spine }}
            {%- else %}
            {{ search_metrics.spine_relation(results, spine) }}
            {%- endif %}
        ) as spine
        left join plan_pair_terms
            on plan_pair_terms.run_id = spine.run_id
            and plan_pair_terms.query_id = spine.query_id
        {%- if plan.query_terms %}
        left join plan_query_terms on plan_query_terms.query_id = spine.query_id
        {%- endif %}
        {%- for scale in level_scales %}
        left join plan_level_terms_{{ scale }}
            on plan_level_terms_{{ scale }}.run_id = spine.run_id
            and plan_level_terms_{{ scale }}.query_id = spine.query_id
        {%- endfor %}
    )

    select
        plan_spine_terms.run_id,
        plan_spine_terms.query_id,
        plan_slots.metric,
        plan_slots.k,
        {%- if plan.slots | length == 1 %}
        {{ search_metrics.as_double(plan.slots[0].sql) }} as value
        {%- else %}
        cast(case plan_slots.slot
            {%- for slot in plan.slots %}
            when {{ loop.index }} then {{ slot.sql }}
            {%- endfor %}
        end as {{ search_metrics.type_double() }}) as value
        {%- endif %}
    from plan_spine_terms
    cross join ({{ search_metrics.literal_relation(['slot', 'metric', 'k'], slot_rows) }}) as plan_slots
{%- endmacro %}
