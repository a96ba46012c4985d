{#-
  Normalised DCG at each cutoff k: DCG@k / IDCG@k, 0 when IDCG@k = 0.
    ideal='local' (SearchTweak): IDCG = the gains of the same top-k rows sorted descending, at positions 1..n;
    null when nothing in top k is graded on `scale`.
    ideal='pool' (trec_eval ndcg_cut_k; with gain='exponential', Quepid / Elasticsearch): IDCG = the best k gains
    of the query's pool (every judged doc, ungraded = 0); null when no doc of the pool is graded.
  Computed on the shared pass (metric_plan_query, with this one metric; ndcg_plan below says what it reads).
-#}
{% macro ndcg(results, cutoffs=none, pool=none, spine=none, scale='graded', gain='linear', ideal='local') %}
    {{- return(adapter.dispatch('ndcg', 'search_metrics')(results, cutoffs, pool, spine, scale, gain, ideal)) -}}
{% endmacro %}

{% macro default__ndcg(results, cutoffs, pool, spine, scale, gain, ideal) -%}
    {{ search_metrics.metric_query({'name': 'ndcg', 'type': 'ndcg', 'scale': scale, 'gain': gain, 'ideal': ideal},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- ndcg's plan (metric_plan): DCG / ideal DCG at each cutoff (0 when the ideal is 0). Local ideal: the gains of the
    graded rows within the cutoff in descending order; null when no row within the cutoff is graded. At a cutoff of
    at most 1000, a level term (metric_plan): the rows within the cutoff counted per value of the scale, each value's
    rows taking the ideal positions after those of the higher values, their discounts summed from
    plan_discount_sums (no sort of the rows). Otherwise (the whole list, a condensed entry, a larger cutoff) each
    row's ideal position is a running count in the scale's ideal order (`<scale>_value desc, rank, doc_id`: one
    sort for every such cutoff, for linear and exponential gains alike). Pool ideal: the best gains of the query's pool, each
    doc's position a row_number in the pool's ideal order (positive values first, doc_id breaking ties); null
    when no doc of the pool is graded. A condensed entry reads positions among the graded rows (its local ideal
    a late window: it counts condensed positions). -#}
{% macro ndcg_plan(metric, cutoffs) %}
    {%- set scale = metric.scale -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set gain = search_metrics.gain_expression(scale, metric.gain) -%}
    {%- set plan = {'window_terms': {}, 'late_window_terms': {}, 'pair_terms': {}, 'pool_terms': {}, 'query_terms': {},
                    'level_terms': {}, 'values': [], 'reads_every_rank': metric.get('condensed') or not search_metrics.has_cutoff(metric)} -%}
    {%- for k in search_metrics.plan_cutoffs(metric, cutoffs) -%}
        {%- set list = search_metrics.plan_list_terms(metric, k) -%}
        {%- set dcg = search_metrics.plan_dcg_term(metric, k, list) -%}
        {%- do plan.window_terms.update(list.window_terms) -%}
        {%- do plan.pair_terms.update(list.pair_terms) -%}
        {%- do plan.pair_terms.update(dcg.pair_terms) -%}
        {%- if metric.ideal == 'pool' -%}
            {%- set pool_terms = search_metrics.plan_pool_terms(scale) -%}
            {%- set position = search_metrics.plan_name(['pool_ideal_position', scale]) -%}
            {%- set ideal = search_metrics.plan_name(['q_ideal_dcg', scale, metric.gain, k]) -%}
            {%- do plan.pool_terms.update({position: 'row_number() over (partition by query_id order by case when '
                ~ scale ~ '_value > 0 then 0 else 1 end, ' ~ scale ~ '_value desc, doc_id)'}) -%}
            {%- do plan.query_terms.update(pool_terms.query_terms) -%}
            {%- do plan.query_terms.update({ideal: ['sum(case when ' ~ scale ~ '_value > 0'
                ~ (' and ' ~ position ~ ' <= ' ~ k if k is not none else '') ~ ' then ' ~ gain ~ ' / '
                ~ search_metrics.log2(position ~ ' + 1') ~ ' end)', none]}) -%}
            {%- do plan['values'].append([k, 'case when ' ~ pool_terms.names.graded ~ ' = 0 then null when coalesce('
                ~ ideal ~ ', 0) = 0 then cast(0 as ' ~ double ~ ') else coalesce(' ~ dcg.name ~ ', 0) / ' ~ ideal ~ ' end']) -%}
        {%- else -%}
            {%- set ideal = search_metrics.plan_name(['p', list.prefix ~ 'ideal_dcg', scale, metric.gain, k]) -%}
            {%- if k is not none and not metric.get('condensed') and k <= 1000 -%}
                {%- do plan.level_terms.update({ideal: {'scale': scale, 'k': k, 'gain': gain}}) -%}
            {%- else -%}
                {%- set position = search_metrics.plan_name(['w', list.prefix ~ 'ideal_position', scale, k]) -%}
                {%- set counted = 'case when ' ~ ((list.position ~ ' <= ' ~ k ~ ' and ') if k is not none else '')
                    ~ scale ~ '_value is not null then 1 else 0 end' -%}
                {%- do plan['late_window_terms' if metric.get('condensed') else 'window_terms'].update({position:
                    search_metrics.running_sum(counted, scale ~ '_value desc, rank, doc_id')}) -%}
                {%- do plan.pair_terms.update({ideal: [search_metrics.at_cutoff('sum', gain ~ ' / '
                    ~ search_metrics.log2(position ~ ' + 1'), k, list.position), none]}) -%}
            {%- endif -%}
            {%- do plan['values'].append([k, 'case when ' ~ list.graded ~ ' = 0 then null when coalesce(' ~ ideal
                ~ ', 0) = 0 then cast(0 as ' ~ double ~ ') else ' ~ dcg.name ~ ' / ' ~ ideal ~ ' end']) -%}
        {%- endif -%}
    {%- endfor -%}
    {{- return(plan) -}}
{% endmacro %}
