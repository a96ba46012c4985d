{#-
  The shared pass of a list of metrics (resolved entries, get_metrics), merged from their types' plans: each type on
  the plan has a macro <type>_plan(metric, cutoffs) in its own file (the registry marks it, metric_types: `plan`)
  that returns what the type reads from the pass and how its values reduce:
    pool_terms:   {name: SQL} per row of the pool (query_id, doc_id, <scale>_value): a window here orders the pool
                  per query (the pool's ideal order);
    query_terms:  {name: [aggregate SQL, default]} per query over the pool (its rows and pool_terms): counts, ideal
                  DCGs; `default` is the value for a query without a pool row (a SQL literal, or none for null);
    row_terms:    {name: SQL} per result row (results' columns);
    window_terms: {name: SQL} per result row, a window over the row terms partitioned by (run_id, query_id): the
                  run's rank order (`order by rank, doc_id`, search_metrics.rank_order), or a scale's local ideal
                  order (`order by <scale>_value desc, rank, doc_id`);
    late_window_terms: {name: SQL} windows that read a window term (a condensed entry's local ideal position
                  counts condensed positions): computed after window_terms;
    level_terms:  {name: {scale, k, gain}} per (run_id, query_id): the sum of `gain` (SQL over <scale>_value)
                  over the rows graded on the scale at rank <= k, each at its ideal position in the order of the
                  values (highest first) and discounted as a DCG term: computed from the rows' counts per value,
                  without a sort of the rows (a local ideal DCG; metric_plan_query);
    pair_terms:   {name: [aggregate SQL, default]} per (run_id, query_id) over the row and window terms: the
                  sums, counts and minimums at each cutoff (`case when rank <= k then ... end`) or over the whole
                  list; `default` as for query_terms, for a pair of the spine without a result row;
    values:       [[k, SQL], ...]: the metric's value at each cutoff k (none: one value, k null) over the pair and
                  query terms (and the spine's n_results when reads_n_results);
    reads_query_terms, reads_every_rank, reads_n_results: true when the pair terms read query_terms, when
                  a pair term reads rows beyond the largest cutoff (always with a value at k none, over the whole
                  list), when a value reads n_results.
  Terms are named after what they compute (the scale, threshold, gain, cutoff and persistence in the name), so two
  metrics that need the same term share it: one window per distinct order, one aggregate per distinct term. A
  name given two different SQL texts is a compile error (a plan's naming mistake, never silently merged).
  Returns {pool_terms, query_terms, row_terms, window_terms, late_window_terms, level_terms, pair_terms, reads_query_terms, reads_every_rank,
  reads_n_results, slots: [{metric, k, sql}, ...] in the order of the metrics and their cutoffs}.
-#}
{% macro metric_plan(metrics, cutoffs) %}
    {%- set merged = {'pool_terms': {}, 'query_terms': {}, 'row_terms': {}, 'window_terms': {}, 'late_window_terms': {},
                      'level_terms': {}, 'pair_terms': {},
                      'reads_query_terms': false, 'reads_every_rank': false, 'reads_n_results': false, 'slots': []} -%}
    {%- for metric in metrics -%}
        {%- set spec = search_metrics.metric_types().get(metric.type) -%}
        {%- if spec is none or not spec.get('plan') -%}
            {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ metric.name ~ "' of type " ~ metric.type ~ " has no plan (metric_types: plan)") -}}
        {%- endif -%}
        {%- set plan = search_metrics[metric.type ~ '_plan'](metric, cutoffs) -%}
        {%- for part in ['pool_terms', 'query_terms', 'row_terms', 'window_terms', 'late_window_terms', 'level_terms', 'pair_terms'] -%}
            {%- for name, term in (plan.get(part) or {}).items() -%}
                {%- if name in merged[part] and merged[part][name] != term -%}
                    {{- exceptions.raise_compiler_error("search_metrics: the plan term " ~ part ~ "." ~ name ~ " of metric '" ~ metric.name ~ "' differs from another metric's term of that name") -}}
                {%- endif -%}
                {%- do merged[part].update({name: term}) -%}
            {%- endfor -%}
        {%- endfor -%}
        {%- for flag in ['reads_query_terms', 'reads_every_rank', 'reads_n_results'] -%}
            {%- if plan.get(flag) -%}{%- do merged.update({flag: true}) -%}{%- endif -%}
        {%- endfor -%}
        {%- for k, sql in plan['values'] -%}
            {%- do merged.slots.append({'metric': metric.name, 'k': k, 'sql': sql}) -%}
            {#- a value over the whole list reads every rank -#}
            {%- if k is none -%}{%- do merged.update({'reads_every_rank': true}) -%}{%- endif -%}
        {%- endfor -%}
    {%- endfor -%}
    {{- return(merged) -}}
{% endmacro %}
