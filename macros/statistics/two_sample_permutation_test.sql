{#-
  Two-sample permutation test of the difference in means per group, deterministic on every engine.
  `relation` has the group columns, arm ('baseline' or 'candidate'), unit_index (1 .. n_arm within the group
  and arm) and a non-null value. Pooled index j: a baseline unit keeps its index, a candidate unit gets
  n_b + its index. In permutation r = 1 .. n_permutations the pooled units are sorted by
  (hash_draw(hash_replicate_key(5, r), j), j) and the first n_b form the baseline arm. With
  D = mean_c - mean_b computed as (T - S_b) / n_c - S_b / n_b (T the pooled sum, S_b the baseline arm's sum),
  a permutation is at least as extreme when |D_r| >= |D| - 1e-9 * sum|value| * (1/n_b + 1/n_c); with b such
  permutations, p_value_randomization = (1 + b) / (1 + n_permutations). Null when an arm is empty.
  Returns the group columns and p_value_randomization.
-#}
{% macro two_sample_permutation_test(relation, group_columns, n_permutations) %}
    {{- return(adapter.dispatch('two_sample_permutation_test', 'search_metrics')(relation, group_columns, n_permutations)) -}}
{% endmacro %}

{% macro default__two_sample_permutation_test(relation, group_columns, n_permutations) -%}
    {%- set double = search_metrics.type_double() -%}
    with tp_counted as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            arm,
            unit_index,
            value,
            sum(case when arm = 'baseline' then 1 else 0 end) over (partition by {{ group_columns | join(', ') }}) as n_baseline,
            sum(case when arm = 'candidate' then 1 else 0 end) over (partition by {{ group_columns | join(', ') }}) as n_candidate
        from {{ relation }}
    ),

    tp_units as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            value,
            n_baseline,
            n_candidate,
            case when arm = 'baseline' then unit_index else n_baseline + unit_index end as pooled_index
        from tp_counted
        where n_baseline >= 1
            and n_candidate >= 1
    ),

    tp_observed as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            n_baseline,
            n_candidate,
            sum(value) as pooled_sum,
            sum(case when pooled_index <= n_baseline then value else 0 end) as baseline_sum,
            sum(abs(value)) as absolute_sum
        from tp_units
        group by {% for column in group_columns %}{{ column }}, {% endfor %}n_baseline, n_candidate
    ),

    tp_replicates as (
        select
            n as replicate,
            {{ search_metrics.hash_replicate_key(5, 'n') }} as replicate_key
        from ({{ search_metrics.integers_relation(n_permutations) }}) as tp_replicate_numbers
    ),

    tp_indices as (
        select distinct pooled_index from tp_units
    ),

    tp_draws as (
        select
            tp_replicates.replicate,
            tp_indices.pooled_index,
            {{ search_metrics.hash_draw('tp_replicates.replicate_key', 'tp_indices.pooled_index') }} as draw
        from tp_replicates
        cross join tp_indices
    ),

    tp_ranked as (
        {#- (draw, pooled_index) is unique within (group, replicate): the order is total. #}
        select
            {% for column in group_columns %}tp_units.{{ column }}, {% endfor %}
            tp_draws.replicate,
            tp_units.value,
            tp_units.n_baseline,
            row_number() over (
                partition by {% for column in group_columns %}tp_units.{{ column }}, {% endfor %}tp_draws.replicate
                order by tp_draws.draw, tp_units.pooled_index
            ) as permuted_position
        from tp_units
        inner join tp_draws on tp_draws.pooled_index = tp_units.pooled_index
    ),

    tp_permuted as {{ search_metrics.materialized_cte() }} (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            replicate,
            sum(case when permuted_position <= n_baseline then value else 0 end) as baseline_sum
        from tp_ranked
        group by {% for column in group_columns %}{{ column }}, {% endfor %}replicate
    )

    {%- set n_b = 'cast(tp_observed.n_baseline as ' ~ double ~ ')' %}
    {%- set n_c = 'cast(tp_observed.n_candidate as ' ~ double ~ ')' %}
    {%- set permuted = '(tp_observed.pooled_sum - tp_permuted.baseline_sum) / ' ~ n_c ~ ' - tp_permuted.baseline_sum / ' ~ n_b %}
    {%- set observed = '(tp_observed.pooled_sum - tp_observed.baseline_sum) / ' ~ n_c ~ ' - tp_observed.baseline_sum / ' ~ n_b %}

    select
        {% for column in group_columns %}tp_observed.{{ column }}, {% endfor %}
        cast(1 + sum(
            case
                when abs({{ permuted }})
                    >= abs({{ observed }})
                        - cast(1e-9 as {{ double }}) * tp_observed.absolute_sum * (1 / {{ n_b }} + 1 / {{ n_c }})
                    then 1
                else 0
            end
        ) as {{ double }}) / {{ n_permutations + 1 }} as p_value_randomization
    from tp_observed
    inner join tp_permuted
        on {% for column in group_columns %}tp_permuted.{{ column }} = tp_observed.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
    group by {% for column in group_columns %}tp_observed.{{ column }}, {% endfor %}tp_observed.n_baseline, tp_observed.n_candidate,
        tp_observed.pooled_sum, tp_observed.baseline_sum, tp_observed.absolute_sum
{%- endmacro %}
