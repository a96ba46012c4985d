{#-
  The A/B experiments' settings: var search_metrics_experiments, a dict whose keys replace these defaults
    baseline: null           the baseline bucket: a bucket name, or a dict {experiment: bucket}; null = the first
                             bucket in binary order
    expected_shares: null    {bucket: weight}, each weight a finite number > 0 (normalized over the buckets of each
                             experiment by the models); null = equal shares
    cuped_days: null         CUPED's pre-period length in whole days, 1..3650; null = CUPED off
    srm_p_value: 0.001       the sample-ratio rule warns when an experiment's SRM p-value is below this (0 < x < 1)
    sequential_tuning: 5000  GrowthBook's sequential tuning parameter (a finite number > 0)
    main_metric: clickthrough_rate   the metric of the report's sequential chart, one of the experiment metrics
  Bucket and experiment names are non-empty text or finite numbers, taken as their text (as the staging view reads
  the columns, as_text). An unknown key or a bad value is a compile error that names the var and the key. Returns
  the checked dict with the same six keys: baseline none | string | dict {string: string}; expected_shares none |
  dict {string: float}; cuped_days none | int; srm_p_value float; sequential_tuning float; main_metric string.
-#}
{% macro get_experiment_settings() %}
    {{- return(adapter.dispatch('get_experiment_settings', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_experiment_settings() %}
    {%- set defaults = {'baseline': none, 'expected_shares': none, 'cuped_days': none, 'srm_p_value': 0.001,
                        'sequential_tuning': 5000, 'main_metric': 'clickthrough_rate'} -%}
    {%- set settings = search_metrics.settings_with_defaults('search_metrics_experiments', defaults) -%}
    {%- set prefix = "search_metrics: search_metrics_experiments" -%}

    {#- baseline: none, a name, or a non-empty dict {experiment: bucket} of names -#}
    {%- set baseline = settings.baseline -%}
    {%- set message = prefix ~ ".baseline must be a bucket name, a dict {experiment: bucket} of non-empty names (text or numbers), or null, got " ~ baseline -%}
    {%- if baseline is mapping -%}
        {%- if (baseline | length) == 0 -%}
            {{- exceptions.raise_compiler_error(message) -}}
        {%- endif -%}
        {%- set checked = {} -%}
        {%- for experiment, bucket in baseline.items() -%}
            {%- for name in [experiment, bucket] -%}
                {%- if not ((name is string and (name | trim) != '') or search_metrics.is_number(name)) -%}
                    {{- exceptions.raise_compiler_error(message) -}}
                {%- endif -%}
            {%- endfor -%}
            {%- if (experiment | string) in checked -%}
                {{- exceptions.raise_compiler_error(prefix ~ ".baseline names experiment " ~ experiment ~ " twice, got " ~ baseline) -}}
            {%- endif -%}
            {%- do checked.update({experiment | string: bucket | string}) -%}
        {%- endfor -%}
        {%- do settings.update({'baseline': checked}) -%}
    {%- elif baseline is not none -%}
        {%- if not ((baseline is string and (baseline | trim) != '') or search_metrics.is_number(baseline)) -%}
            {{- exceptions.raise_compiler_error(message) -}}
        {%- endif -%}
        {%- do settings.update({'baseline': baseline | string}) -%}
    {%- endif -%}

    {#- expected_shares: none, or a non-empty dict {bucket: finite weight > 0} -#}
    {%- set shares = settings.expected_shares -%}
    {%- if shares is not none -%}
        {%- if shares is not mapping or (shares | length) == 0 -%}
            {{- exceptions.raise_compiler_error(prefix ~ ".expected_shares must be a dict {bucket: weight} with finite weights > 0, or null (equal shares), got " ~ shares) -}}
        {%- endif -%}
        {%- set checked = {} -%}
        {%- for bucket, weight in shares.items() -%}
            {%- if not ((bucket is string and (bucket | trim) != '') or search_metrics.is_number(bucket))
                  or (bucket | string) in checked -%}
                {{- exceptions.raise_compiler_error(prefix ~ ".expected_shares must name each bucket once, by a non-empty name (text or a number), got " ~ shares) -}}
            {%- endif -%}
            {%- if not search_metrics.is_number(weight) or weight <= 0 -%}
                {{- exceptions.raise_compiler_error(prefix ~ ".expected_shares must give each bucket a finite weight > 0, got " ~ weight ~ " for bucket " ~ bucket ~ search_metrics.number_text_hint(weight)) -}}
            {%- endif -%}
            {%- do checked.update({bucket | string: weight | float}) -%}
        {%- endfor -%}
        {%- do settings.update({'expected_shares': checked}) -%}
    {%- endif -%}

    {%- set cuped_days = settings.cuped_days -%}
    {%- if cuped_days is not none -%}
        {%- if not search_metrics.is_number(cuped_days, whole=true) or cuped_days < 1 or cuped_days > 3650 -%}
            {{- exceptions.raise_compiler_error(prefix ~ ".cuped_days must be a whole number of days from 1 to 3650, or null (CUPED off), got " ~ cuped_days ~ search_metrics.number_text_hint(cuped_days)) -}}
        {%- endif -%}
        {%- do settings.update({'cuped_days': cuped_days | int}) -%}
    {%- endif -%}

    {%- set srm_p_value = settings.srm_p_value -%}
    {%- if not search_metrics.is_number(srm_p_value) or srm_p_value <= 0 or srm_p_value >= 1 -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".srm_p_value must be a number between 0 and 1 (exclusive), got " ~ srm_p_value ~ search_metrics.number_text_hint(srm_p_value)) -}}
    {%- endif -%}
    {%- do settings.update({'srm_p_value': srm_p_value | float}) -%}

    {%- set tuning = settings.sequential_tuning -%}
    {%- if not search_metrics.is_number(tuning) or tuning <= 0 -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".sequential_tuning must be a finite number > 0 (units), got " ~ tuning ~ search_metrics.number_text_hint(tuning)) -}}
    {%- endif -%}
    {%- do settings.update({'sequential_tuning': tuning | float}) -%}

    {#- the names of the metrics this configuration's experiments table has (experiment_metrics: the sessions
        family and the query column add some) -#}
    {%- set metric_names = [] -%}
    {%- for metric in search_metrics.experiment_metrics() if metric.name not in metric_names -%}
        {%- do metric_names.append(metric.name) -%}
    {%- endfor -%}
    {%- if settings.main_metric is not string or settings.main_metric not in metric_names -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".main_metric must be one of the experiment metrics of this configuration, "
            ~ (metric_names | join(', ')) ~ ", got " ~ settings.main_metric) -}}
    {%- endif -%}
    {{- return(settings) -}}
{% endmacro %}
