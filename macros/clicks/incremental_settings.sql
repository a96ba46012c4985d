{#-
  The settings an incremental model's rows are built with, as one canonical text: JSON of {setting: effective
  value} for each name in `setting_names`, keys sorted. Each value is read through the getter the models read it
  with, so defaults apply (a var set to its default is the same setting) and the getter's checks run; whole numbers
  are written as integers (10 and 10.0 are the same) and column names in lower case. The settings:
    search_metrics_paulscore_factors                get_paulscore_factors() (sorted, distinct)
    search_metrics_online_evaluation.<key>          get_online_evaluation_settings()[key], one key of the dict
    search_metrics_query_id_column                  get_query_id_column(), null when unset
    search_metrics_team_column, search_metrics_experiment_column
                                                    get_input_column(...) with the interleaving family on, else null
    search_metrics_page_visits                      true when the page visits input is configured, else false (which
                                                    table it is, like every input, is data, not a setting)
    search_metrics_bootstrap_samples                get_replicate_count(...)
    search_metrics_confidence_level                 get_confidence_level()
    search_metrics_future_tolerance_seconds         get_future_tolerance_seconds()
    search_metrics_max_event_delay_seconds          get_max_event_delay_seconds()
  and the judged models' (judged_incremental_config):
    search_metrics_metrics                          get_metrics(): 'md5:' and the MD5 of every resolved entry's
                                                    canonical JSON (type, scale, gain, ...)
    search_metrics_cutoffs                          get_cutoffs()
    search_metrics_max_grade, search_metrics_relevance_level, search_metrics_negative_grades
                                                    get_grading()[...]
    search_metrics_automated_raters                 get_automated_raters() (exact ids and prefixes, sorted)
    search_metrics_transformers                     get_transformers(): 'md5:' and the MD5 of the effective
                                                    mappings' canonical JSON
    search_metrics_rank_from                        get_rank_from()
  and the trec_eval table's:
    search_metrics_trec_eval                        get_trec_eval_settings(): 'md5:' and the MD5 of its canonical
                                                    JSON (version, complete, max_results, zscores, cutoffs, ...)
  and the overlap tables' (overlap_build_settings):
    search_metrics_rbo_persistence                  get_rbo_persistence()
  and the readings' (readings_build_settings):
    search_metrics_judgment_coverage.pool_depth     get_judgment_coverage_settings().pool_depth (null: the largest
                                                    cutoff)
  and search_metrics_int_labeled_results' (labeled_results_build_settings):
    search_metrics_cutoffs.largest                  the largest of get_cutoffs()
    search_metrics_metrics.reads_every_rank         reads_every_rank(get_metrics())
    search_metrics_metrics.reads_unjudged_results   reads_unjudged_results(get_metrics())
  and search_metrics_int_trec_eval_results' (trec_eval_results_build_settings):
    search_metrics_trec_eval.max_results            get_trec_eval_settings().max_results (null: every result)
  and search_run_comparison's (comparison_build_settings), not a var:
    search_metrics_resampling.draws                 'by_query': the resampling tests' draws are keyed by the query
  An unknown name is a compile error. Its digest is stored in each row's build_settings (build_settings_digest,
  build_settings_column), the text once beside the table (record_build_settings); check_incremental_settings
  compares them on every incremental run.
-#}
{% macro incremental_settings(setting_names) %}
    {{- return(adapter.dispatch('incremental_settings', 'search_metrics')(setting_names)) -}}
{% endmacro %}

{% macro default__incremental_settings(setting_names) %}
    {%- set online_prefix = 'search_metrics_online_evaluation.' -%}
    {%- set settings = {} -%}
    {%- for name in setting_names -%}
        {%- if name == 'search_metrics_paulscore_factors' -%}
            {%- set value = search_metrics.get_paulscore_factors() -%}
        {%- elif name.startswith(online_prefix) -%}
            {%- set online = search_metrics.get_online_evaluation_settings() -%}
            {%- set key = name[online_prefix | length:] -%}
            {%- if key not in online or key.endswith('_us') -%}
                {{- exceptions.raise_compiler_error("search_metrics: incremental_settings: unknown key '" ~ key ~ "' of search_metrics_online_evaluation") -}}
            {%- endif -%}
            {%- set value = online[key] -%}
        {%- elif name == 'search_metrics_query_id_column' -%}
            {%- set value = search_metrics.get_query_id_column() -%}
        {%- elif name in ['search_metrics_team_column', 'search_metrics_experiment_column'] -%}
            {#- read as the staging views read them: only with the interleaving family on #}
            {%- set value = search_metrics.get_input_column(name,
                    'the impressions input' if name == 'search_metrics_team_column' else 'the searches input')
                if search_metrics.family_enabled('interleaving') else none -%}
        {%- elif name == 'search_metrics_page_visits' -%}
            {%- set value = search_metrics.inputs_configured([name]) -%}
        {%- elif name in ['search_metrics_bootstrap_samples', 'search_metrics_permutations'] -%}
            {%- set value = search_metrics.get_replicate_count(name, 1000) -%}
        {%- elif name == 'search_metrics_p_value_family' -%}
            {%- set value = search_metrics.get_p_value_family() -%}
        {%- elif name == 'search_metrics_alpha' -%}
            {%- set value = search_metrics.get_alpha() -%}
        {%- elif name == 'search_metrics_power' -%}
            {%- set value = search_metrics.get_power() -%}
        {%- elif name == 'search_metrics_confidence_level' -%}
            {%- set value = search_metrics.get_confidence_level() -%}
        {%- elif name == 'search_metrics_future_tolerance_seconds' -%}
            {%- set value = search_metrics.get_future_tolerance_seconds() -%}
        {%- elif name == 'search_metrics_max_event_delay_seconds' -%}
            {%- set value = search_metrics.get_max_event_delay_seconds() -%}
        {%- elif name == 'search_metrics_metrics' -%}
            {#- the resolved entries' digest (local_md5 of their canonical JSON): the list itself is kilobytes, and
                the judged tables hold it on every row -#}
            {%- set value = 'md5:' ~ local_md5(tojson(search_metrics.get_metrics() | list, sort_keys=true)) -%}
        {%- elif name == 'search_metrics_cutoffs' -%}
            {%- set value = search_metrics.get_cutoffs() | list -%}
        {%- elif name in ['search_metrics_max_grade', 'search_metrics_relevance_level', 'search_metrics_negative_grades'] -%}
            {%- set value = search_metrics.get_grading()[name[('search_metrics_' | length):]] -%}
        {%- elif name == 'search_metrics_automated_raters' -%}
            {%- set raters = search_metrics.get_automated_raters() -%}
            {%- set value = raters.exact | unique | sort | list -%}
            {%- for prefix in raters.prefixes | unique | sort -%}{%- do value.append(prefix ~ '*') -%}{%- endfor -%}
        {%- elif name == 'search_metrics_transformers' -%}
            {%- set value = 'md5:' ~ local_md5(tojson(search_metrics.get_transformers(), sort_keys=true)) -%}
        {%- elif name == 'search_metrics_rank_from' -%}
            {%- set value = search_metrics.get_rank_from() -%}
        {%- elif name == 'search_metrics_trec_eval' -%}
            {#- whole numbers as integers (10.0 is 10), in lists and in the nested dicts too, then the digest -#}
            {%- set trec_settings = {} -%}
            {%- for key, setting in search_metrics.get_trec_eval_settings().items() -%}
                {%- set nested = setting is mapping -%}
                {%- set normal = {} -%}
                {%- for inner_key, inner in (setting.items() | list if nested else [['', setting]]) -%}
                    {%- set inner_is_list = inner is iterable and inner is not string and inner is not mapping -%}
                    {%- set whole = [] -%}
                    {%- for item in (inner if inner_is_list else [inner]) -%}
                        {%- do whole.append(item | int if item is number and item is not boolean and item == item | int else item) -%}
                    {%- endfor -%}
                    {%- do normal.update({inner_key: whole if inner_is_list else whole[0]}) -%}
                {%- endfor -%}
                {%- do trec_settings.update({key: normal if nested else normal['']}) -%}
            {%- endfor -%}
            {%- set value = 'md5:' ~ local_md5(tojson(trec_settings, sort_keys=true)) -%}
        {%- elif name == 'search_metrics_rbo_persistence' -%}
            {%- set value = search_metrics.get_rbo_persistence() -%}
        {%- elif name == 'search_metrics_judgment_coverage.pool_depth' -%}
            {%- set value = search_metrics.get_judgment_coverage_settings().pool_depth -%}
        {%- elif name == 'search_metrics_cutoffs.largest' -%}
            {%- set value = search_metrics.get_cutoffs() | max -%}
        {%- elif name == 'search_metrics_metrics.reads_every_rank' -%}
            {%- set value = search_metrics.reads_every_rank(search_metrics.get_metrics()) -%}
        {%- elif name == 'search_metrics_metrics.reads_unjudged_results' -%}
            {%- set value = search_metrics.reads_unjudged_results(search_metrics.get_metrics()) -%}
        {%- elif name == 'search_metrics_trec_eval.max_results' -%}
            {%- set value = search_metrics.get_trec_eval_settings().max_results -%}
        {%- elif name == 'search_metrics_resampling.draws' -%}
            {#- not a var: the package's rule for the comparisons' draws (docs/comparisons.md) #}
            {%- set value = 'by_query' -%}
        {%- else -%}
            {{- exceptions.raise_compiler_error("search_metrics: incremental_settings: unknown setting '" ~ name ~ "'") -}}
        {%- endif -%}
        {#- the canonical form: whole numbers as integers, column names in lower case, lists item by item #}
        {%- set is_list = value is iterable and value is not string and value is not mapping -%}
        {%- set items = value if is_list else [value] -%}
        {%- set canonical = [] -%}
        {%- for item in items -%}
            {%- if item is number and item is not boolean and item == item | int -%}
                {%- do canonical.append(item | int) -%}
            {%- elif item is string and name.endswith('_column') -%}
                {%- do canonical.append(item | lower) -%}
            {%- else -%}
                {%- do canonical.append(item) -%}
            {%- endif -%}
        {%- endfor -%}
        {%- do settings.update({name: canonical if is_list else canonical[0]}) -%}
    {%- endfor -%}
    {{- return(tojson(settings, sort_keys=true)) -}}
{% endmacro %}
