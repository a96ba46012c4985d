{#-
  The metrics to build, resolved and validated: var search_metrics_metrics (or the argument) is a list of
  built-in names and/or entries {name, type, ...params} or {name, base: <built-in name>, ...overrides};
  null means every built-in metric. Returns complete entries (every parameter filled in).
  Unknown names, types, parameters or values fail at compile time with a message naming the rule; a diversity type
  (diversity_types) needs the diversity family on.
-#}
{% macro get_metrics(metrics=none) %}
    {%- set requested = metrics if metrics is not none else var('search_metrics_metrics', none) -%}
    {%- set builtins = {} -%}
    {%- for entry in search_metrics.builtin_metrics() -%}{%- do builtins.update({entry.name: entry}) -%}{%- endfor -%}
    {%- if requested is none -%}{%- set requested = search_metrics.builtin_metrics() | map(attribute='name') | list -%}{%- endif -%}
    {%- if requested is string or requested is mapping or requested is not iterable or (requested | length) == 0 -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_metrics must be a non-empty list of metric names or entries, got " ~ requested) -}}
    {%- endif -%}
    {%- set types = search_metrics.metric_types() -%}
    {%- set grades = search_metrics.scale_grades() -%}
    {#- macro calls are the cost of this loop (it runs on every call, some 30 times a parse): what does not depend on
        the entry is read once; the diversity family's switch at the first diversity entry -#}
    {%- set diversity_types = search_metrics.diversity_types() -%}
    {%- set diversity = namespace(family_checked=false) -%}
    {%- set resolved = [] -%}
    {%- set seen = [] -%}
    {%- for item in requested -%}
        {%- if item is string -%}
            {%- if item not in builtins -%}
                {{- exceptions.raise_compiler_error("search_metrics: unknown metric '" ~ item ~ "'; built-in metrics: " ~ (builtins.keys() | list | join(', ')) ~ ". A variant of your own is an entry {name: ..., type: ...} or {name: ..., base: ...}") -}}
            {%- endif -%}
            {%- set entry = dict(builtins[item]) -%}
        {%- elif item is mapping -%}
            {%- if not item.get('name') or item.get('name') is not string -%}
                {{- exceptions.raise_compiler_error("search_metrics: every metric entry needs a name, got " ~ item) -}}
            {%- endif -%}
            {%- if item.get('base') is not none -%}
                {%- if item.base not in builtins -%}
                    {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ item.name ~ "' has unknown base '" ~ item.base ~ "'; built-in metrics: " ~ (builtins.keys() | list | join(', '))) -}}
                {%- endif -%}
                {%- set entry = dict(builtins[item.base]) -%}
                {%- for key, value in item.items() -%}{%- if key != 'base' -%}{%- do entry.update({key: value}) -%}{%- endif -%}{%- endfor -%}
            {%- else -%}
                {%- set entry = dict(item) -%}
            {%- endif -%}
        {%- else -%}
            {{- exceptions.raise_compiler_error("search_metrics: a metric must be a built-in name or an entry {name, type, ...}, got " ~ item) -}}
        {%- endif -%}
        {%- if entry.get('type') not in types -%}
            {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "' has unknown type '" ~ entry.get('type') ~ "'; types: " ~ (types.keys() | list | join(', '))) -}}
        {%- endif -%}
        {%- if not modules.re.match('^[a-z][a-z0-9_]*$', entry.name) -%}
            {{- exceptions.raise_compiler_error("search_metrics: metric name '" ~ entry.name ~ "' must be lower-case letters, digits and underscores, starting with a letter") -}}
        {%- endif -%}
        {%- if entry.name in seen -%}
            {{- exceptions.raise_compiler_error("search_metrics: metric name '" ~ entry.name ~ "' is listed twice in search_metrics_metrics") -}}
        {%- endif -%}
        {%- do seen.append(entry.name) -%}
        {%- set params = types[entry.type]['params'] -%}
        {%- for key in entry.keys() -%}
            {%- if key not in ('name', 'type') and key not in params -%}
                {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "' of type " ~ entry.type ~ " has unknown parameter '" ~ key ~ "'; its parameters: " ~ (params.keys() | list | join(', ') or 'none')) -}}
            {%- endif -%}
        {%- endfor -%}
        {%- for key, spec in params.items() -%}
            {%- set allowed, default = spec -%}
            {%- if entry.get(key) is none -%}{%- do entry.update({key: default}) -%}{%- endif -%}
            {%- set value = entry.get(key) -%}
            {%- if value is not none -%}
                {%- if allowed == 'number' and not search_metrics.is_number(value) -%}
                    {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "': " ~ key ~ " must be a finite number, got " ~ value ~ search_metrics.number_text_hint(value)) -}}
                {%- elif allowed != 'number' and value not in allowed -%}
                    {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "': " ~ key ~ " must be one of " ~ (allowed | join(', ')) ~ ", got " ~ value) -}}
                {%- endif -%}
            {%- endif -%}
        {%- endfor -%}
        {#- Rules that tie parameters together. -#}
        {%- if 'threshold' in params -%}
            {%- if entry.threshold is none and entry.scale != 'binary' -%}
                {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "' reads relevance from the " ~ entry.scale ~ " scale and needs a threshold (relevant = value >= threshold)") -}}
            {%- endif -%}
            {%- if entry.threshold is none -%}{%- do entry.update({'threshold': 1}) -%}{%- endif -%}
        {%- endif -%}
        {%- if 'persistence' in params and (entry.persistence is none or entry.persistence <= 0 or entry.persistence >= 1) -%}
            {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "' of type " ~ entry.type ~ " needs a persistence p with 0 < p < 1 (the probability of reading on), got " ~ entry.persistence) -}}
        {%- endif -%}
        {%- if entry.type == 'count' and entry.count is none -%}
            {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "' of type count needs count: relevant, retrieved or relevant_retrieved") -}}
        {%- endif -%}
        {%- if entry.type == 'set_f' and entry.beta < 0 -%}
            {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "' of type set_f needs beta >= 0 (the weight of recall against precision), got " ~ entry.beta) -}}
        {%- endif -%}
        {%- if entry.type == 'r_precision_multiple' and (entry.multiple is none or entry.multiple <= 0) -%}
            {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "' of type r_precision_multiple needs a multiple > 0 of R (trec_eval Rprec_mult_x), got " ~ entry.multiple) -}}
        {%- endif -%}
        {%- if entry.type == 'utility' and entry.d != 0 and (entry.collection_size is none or entry.collection_size < 0 or entry.collection_size != (entry.collection_size | int)) -%}
            {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "' of type utility with d != 0 needs collection_size, the documents in the collection (trec_eval -N; it uses 0 without -N), a whole number >= 0, got " ~ entry.collection_size) -}}
        {%- endif -%}
        {%- if entry.type == 'err' -%}
            {%- set scale_max = grades[entry.scale] | max -%}
            {%- if entry.g_max is none -%}{%- do entry.update({'g_max': scale_max}) -%}{%- endif -%}
            {%- if entry.g_max < scale_max -%}
                {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "': g_max " ~ entry.g_max ~ " is below the " ~ entry.scale ~ " scale's top grade " ~ scale_max ~ " (ERR's stop probability would reach 1)") -}}
            {%- endif -%}
        {%- endif -%}
        {%- if entry.type in diversity_types -%}
            {%- if not diversity.family_checked and not search_metrics.family_enabled('diversity') -%}
                {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "' of type " ~ entry.type ~ " reads the subtopic judgments: set var search_metrics_subtopic_judgments (the diversity family must be on)") -}}
            {%- endif -%}
            {%- set diversity.family_checked = true -%}
            {%- for key in ['alpha', 'beta'] if key in params and (entry[key] < 0 or entry[key] > 1) -%}
                {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "': " ~ key ~ " must be a number from 0 to 1 (ndeval's range), got " ~ entry[key]) -}}
            {%- endfor -%}
            {%- if 'depth' in params and (not search_metrics.is_number(entry.depth, whole=true) or entry.depth < 1 or entry.depth > 100) -%}
                {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "': depth must be a whole number from 1 to 100 (the ranks of the greedy ideal; ndeval's depth is 20), got " ~ entry.depth) -}}
            {%- endif -%}
            {%- if entry.max_rank is not none and (not search_metrics.is_number(entry.max_rank, whole=true) or entry.max_rank < 1) -%}
                {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ entry.name ~ "': max_rank must be a whole number >= 1 (the run's ranks read, ndeval's -M) or null (every rank), got " ~ entry.max_rank) -}}
            {%- endif -%}
        {%- endif -%}
        {%- do resolved.append(entry) -%}
    {%- endfor -%}
    {{- return(resolved) -}}
{% endmacro %}
