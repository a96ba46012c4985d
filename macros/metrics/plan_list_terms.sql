{#-
  The terms that several metric plans read from a ranked list (metric_plan), for a metric entry on `scale` (with
  `threshold` when given), at cutoff k (none: the whole list):
    position   the column a cutoff compares: rank, or for a condensed entry w_condensed_rank_<scale> (the row's
               position among the rows graded on the scale, a running count in the rank order: Sakai's condensed
               list, ir_measures' judged_only);
    graded     the pair term counting the rows graded on the scale at position <= k;
    relevant   the pair term counting the relevant rows (value >= threshold) at position <= k (threshold given);
    prefix     'condensed_' or '' (for the names of a plan's own position-dependent terms);
    window_terms, pair_terms: the terms behind them, for the plan to return.
-#}
{% macro plan_list_terms(metric, k, threshold=none) %}
    {%- set scale = metric.scale -%}
    {%- set prefix = 'condensed_' if metric.get('condensed') else '' -%}
    {%- set window_terms = {} -%}
    {%- set position = 'rank' -%}
    {%- if metric.get('condensed') -%}
        {%- set position = 'w_condensed_rank_' ~ scale -%}
        {%- do window_terms.update({position: search_metrics.running_sum('case when ' ~ scale ~ '_value is not null then 1 else 0 end')}) -%}
    {%- endif -%}
    {%- set graded = search_metrics.plan_name(['p', prefix ~ 'graded', scale, k]) -%}
    {%- set pair_terms = {graded: [search_metrics.at_cutoff('count', 'case when ' ~ scale ~ '_value is not null then 1 end', k, position), '0']} -%}
    {%- set terms = {'position': position, 'graded': graded, 'prefix': prefix, 'window_terms': window_terms,
                     'pair_terms': pair_terms} -%}
    {%- if threshold is not none -%}
        {%- set relevant = search_metrics.plan_name(['p', prefix ~ 'relevant', scale, threshold, k]) -%}
        {%- do pair_terms.update({relevant: [search_metrics.at_cutoff('count', 'case when ' ~ search_metrics.relevance_expression(scale, threshold) ~ ' = 1 then 1 end', k, position), '0']}) -%}
        {%- do terms.update({'relevant': relevant}) -%}
    {%- endif -%}
    {{- return(terms) -}}
{% endmacro %}
