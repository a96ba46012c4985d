{#-
  The fused runs: var search_metrics_fusions, null (no fusion) or a non-empty list of dicts, each
    name: text            the fused run's run_id (not empty, no '@', unique among the fusions, not an input run of
                          any fusion; that it is no run_id of the results input is a data test)
    runs: [run_id, ...]   the input runs, at least 2, none twice (that each has results is a data test)
    method: text          ranx's name: rrf, isr, log_isr, sum, mnz, max, min, med, anz, wsum, bordafuse, w_bordafuse
    norm: text            ranx's name: min-max (ranx's default, also min_max), max, sum, zmuv, rank, borda, or none
                          (the scores as they are); borda is refused with the rank methods (rrf, isr, log_isr,
                          bordafuse, w_bordafuse), whose ranx result then depends on Python's set order
    params: {k, weights}  k of rrf (a finite number >= 0, default 60; rrf only); weights of wsum and w_bordafuse
                          (required there, only there: one finite number >= 0 per input run, not all 0)
    weight_grid:          the sweep (wsum and w_bordafuse only; default none): a list of weight lists (as weights),
                          or a step s in (0, 1] with 1/s whole: every weight vector of multiples of s summing to 1
    holdout_share: 0      the share of queries the sweep holds out for testing: a number with 0 <= x < 1
  An unknown key or a bad value is a compile error naming the var, the fusion and the key. Returns a list of dicts
  {name, runs, method, norm, k, weights, reads_scores, holdout_share, configurations: [{run_id, weights, sweep}]}:
  configurations[0] is the fusion itself (run_id = name), then one per grid entry, run_id
  '<name>@w=<w1>,<w2>,...' (sweep true). reads_scores: the method reads the input scores (a score method with
  a norm other than rank and borda).
-#}
{% macro get_fusions() %}
    {{- return(adapter.dispatch('get_fusions', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_fusions() %}
    {%- set given = var('search_metrics_fusions', none) -%}
    {%- set prefix = "search_metrics: search_metrics_fusions" -%}
    {%- if given is none -%}
        {{- return([]) -}}
    {%- endif -%}
    {%- if given is string or given is mapping or given is not iterable or (given | length) == 0 -%}
        {{- exceptions.raise_compiler_error(prefix ~ " must be null or a non-empty list of fusions (dicts with name, runs, method), got " ~ given) -}}
    {%- endif -%}
    {%- set rank_methods = ['rrf', 'isr', 'log_isr', 'bordafuse', 'w_bordafuse'] -%}
    {%- set methods = rank_methods + ['sum', 'mnz', 'max', 'min', 'med', 'anz', 'wsum'] -%}
    {%- set weighted = ['wsum', 'w_bordafuse'] -%}
    {%- set norms = {'min-max': 'min-max', 'min_max': 'min-max', 'max': 'max', 'sum': 'sum', 'zmuv': 'zmuv',
                     'rank': 'rank', 'borda': 'borda', 'none': 'none'} -%}
    {%- set keys = ['name', 'runs', 'method', 'norm', 'params', 'weight_grid', 'holdout_share'] -%}
    {%- set fusions = [] -%}
    {%- set names = [] -%}
    {%- for entry in given -%}
        {%- if entry is not mapping -%}
            {{- exceptions.raise_compiler_error(prefix ~ " must list fusions as dicts with name, runs, method, got " ~ entry) -}}
        {%- endif -%}
        {%- set name = entry.get('name') -%}
        {%- if name is not string or (name | trim) == '' or '@' in name -%}
            {{- exceptions.raise_compiler_error(prefix ~ ": every fusion needs a name (non-empty text without '@'), got " ~ name ~ " in " ~ entry) -}}
        {%- endif -%}
        {%- set at = prefix ~ " fusion '" ~ name ~ "'" -%}
        {%- if name in names -%}
            {{- exceptions.raise_compiler_error(at ~ " is listed twice") -}}
        {%- endif -%}
        {%- do names.append(name) -%}
        {%- for key in entry -%}
            {%- if key not in keys -%}
                {{- exceptions.raise_compiler_error(at ~ " has an unknown key '" ~ key ~ "'; keys: " ~ (keys | join(', '))) -}}
            {%- endif -%}
        {%- endfor -%}
        {%- set runs = entry.get('runs') -%}
        {%- if runs is string or runs is mapping or runs is not iterable or (runs | length) < 2 -%}
            {{- exceptions.raise_compiler_error(at ~ ": runs must be a list of at least 2 run_ids, got " ~ runs) -}}
        {%- endif -%}
        {%- set run_ids = [] -%}
        {%- for run in runs -%}
            {%- if run is none or run is mapping or (run is not string and run is iterable) or (run | string | trim) == '' -%}
                {{- exceptions.raise_compiler_error(at ~ ": runs must be a list of at least 2 run_ids, got " ~ run ~ " in " ~ runs) -}}
            {%- endif -%}
            {%- if (run | string) in run_ids -%}
                {{- exceptions.raise_compiler_error(at ~ ": run '" ~ run ~ "' is listed twice in runs") -}}
            {%- endif -%}
            {%- do run_ids.append(run | string) -%}
        {%- endfor -%}
        {%- set method = entry.get('method') -%}
        {%- if method not in methods -%}
            {{- exceptions.raise_compiler_error(at ~ ": method must be one of " ~ (methods | join(', ')) ~ " (ranx's names), got " ~ method) -}}
        {%- endif -%}
        {%- set norm_given = entry.get('norm', 'min-max') -%}
        {%- if norm_given is none -%}{%- set norm_given = 'min-max' -%}{%- endif -%}
        {%- if norm_given not in norms -%}
            {{- exceptions.raise_compiler_error(at ~ ": norm must be one of min-max, max, sum, zmuv, rank, borda, none (ranx's names), got " ~ norm_given) -}}
        {%- endif -%}
        {%- set norm = norms[norm_given] -%}
        {%- if norm == 'borda' and method in rank_methods -%}
            {{- exceptions.raise_compiler_error(at ~ ": norm borda cannot be used with the rank method " ~ method ~ " (ranx then ranks each run's docs in Python's set order); use another norm, which " ~ method ~ " does not read") -}}
        {%- endif -%}
        {%- set params = entry.get('params') -%}
        {%- if params is none -%}{%- set params = {} -%}{%- endif -%}
        {%- if params is not mapping -%}
            {{- exceptions.raise_compiler_error(at ~ ": params must be a dict (k for rrf, weights for wsum and w_bordafuse), got " ~ params) -}}
        {%- endif -%}
        {%- for key in params -%}
            {%- if not ((key == 'k' and method == 'rrf') or (key == 'weights' and method in weighted)) -%}
                {{- exceptions.raise_compiler_error(at ~ ": params has the key '" ~ key ~ "', which method " ~ method ~ " does not take (k: rrf; weights: wsum, w_bordafuse)") -}}
            {%- endif -%}
        {%- endfor -%}
        {%- set k = params.get('k', 60) -%}
        {%- if method == 'rrf' and (not search_metrics.is_number(k) or k < 0) -%}
            {{- exceptions.raise_compiler_error(at ~ ": params.k must be a finite number >= 0, got " ~ k ~ search_metrics.number_text_hint(k)) -}}
        {%- endif -%}
        {%- set weights = none -%}
        {%- if method in weighted -%}
            {%- if 'weights' not in params -%}
                {{- exceptions.raise_compiler_error(at ~ ": method " ~ method ~ " needs params.weights, one number per input run") -}}
            {%- endif -%}
            {%- set weights = search_metrics.fusion_checked_weights(params.weights, run_ids | length, at ~ ": params.weights") -%}
        {%- endif -%}
        {%- set grid = entry.get('weight_grid') -%}
        {%- set configurations = [{'run_id': name, 'weights': weights, 'sweep': false}] -%}
        {%- if grid is not none -%}
            {%- if method not in weighted -%}
                {{- exceptions.raise_compiler_error(at ~ ": weight_grid is for the weighted methods (wsum, w_bordafuse), not " ~ method) -}}
            {%- endif -%}
            {%- set grid_rule = at ~ ": weight_grid must be a list of weight lists or a step s with 0 < s <= 1 and 1/s a whole number (at most 1000 configurations)" -%}
            {%- set vectors = [] -%}
            {%- if grid is number or grid is string -%}
                {%- if not search_metrics.is_number(grid) or grid <= 0 or grid > 1 -%}
                    {{- exceptions.raise_compiler_error(grid_rule ~ ", got " ~ grid ~ search_metrics.number_text_hint(grid)) -}}
                {%- endif -%}
                {%- set steps = (1 / grid) | round | int -%}
                {%- if (steps * grid - 1) | abs > 1e-9 -%}
                    {{- exceptions.raise_compiler_error(grid_rule ~ ", got " ~ grid) -}}
                {%- endif -%}
                {#- every vector of whole counts summing to steps, the first run's count slowest (lexicographic) -#}
                {%- set partial = namespace(vectors=[[]]) -%}
                {%- for position in range((run_ids | length) - 1) -%}
                    {%- set longer = [] -%}
                    {%- for counts in partial.vectors -%}
                        {%- for count in range(steps - (counts | sum) + 1) -%}
                            {%- if longer | length <= 1000 -%}{%- do longer.append(counts + [count]) -%}{%- endif -%}
                        {%- endfor -%}
                    {%- endfor -%}
                    {%- set partial.vectors = longer -%}
                {%- endfor -%}
                {%- for counts in partial.vectors -%}
                    {%- set vector = [] -%}
                    {%- for count in counts + [steps - (counts | sum)] -%}{%- do vector.append(count / steps) -%}{%- endfor -%}
                    {%- do vectors.append(vector) -%}
                {%- endfor -%}
            {%- elif grid is mapping or grid is not iterable or (grid | length) == 0 -%}
                {{- exceptions.raise_compiler_error(grid_rule ~ ", got " ~ grid) -}}
            {%- else -%}
                {%- for vector in grid -%}
                    {%- do vectors.append(search_metrics.fusion_checked_weights(vector, run_ids | length, at ~ ": weight_grid entry " ~ loop.index)) -%}
                {%- endfor -%}
            {%- endif -%}
            {%- if vectors | length > 1000 -%}
                {{- exceptions.raise_compiler_error(grid_rule ~ ", got " ~ (vectors | length) ~ " or more") -}}
            {%- endif -%}
            {%- for vector in vectors -%}
                {%- set run_id = name ~ '@w=' ~ (vector | join(',')) -%}
                {%- for configuration in configurations -%}
                    {%- if configuration.run_id == run_id -%}
                        {{- exceptions.raise_compiler_error(at ~ ": weight_grid lists the weights " ~ vector ~ " twice") -}}
                    {%- endif -%}
                {%- endfor -%}
                {%- do configurations.append({'run_id': run_id, 'weights': vector, 'sweep': true}) -%}
            {%- endfor -%}
        {%- endif -%}
        {%- set share = entry.get('holdout_share', 0) -%}
        {%- if share is none -%}{%- set share = 0 -%}{%- endif -%}
        {%- if not search_metrics.is_number(share) or share < 0 or share >= 1 -%}
            {{- exceptions.raise_compiler_error(at ~ ": holdout_share must be a number with 0 <= x < 1, got " ~ share ~ search_metrics.number_text_hint(share)) -}}
        {%- endif -%}
        {%- do fusions.append({'name': name, 'runs': run_ids, 'method': method, 'norm': norm, 'k': k | float,
                               'weights': weights, 'configurations': configurations, 'holdout_share': share | float,
                               'reads_scores': method not in rank_methods and norm not in ('rank', 'borda')}) -%}
    {%- endfor -%}
    {%- for fusion in fusions -%}
        {%- for run in fusion.runs -%}
            {%- if run in names -%}
                {{- exceptions.raise_compiler_error(prefix ~ " fusion '" ~ fusion.name ~ "': input run '" ~ run ~ "' is a fusion; a fusion fuses runs of the results input") -}}
            {%- endif -%}
        {%- endfor -%}
    {%- endfor -%}
    {{- return(fusions) -}}
{% endmacro %}
