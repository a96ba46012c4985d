{#-
  The metrics of the experiments family, in report order (docs/experiments.md): a list of dicts
    name         the metric (PaulScore is one name, 'paulscore', with one entry per factor)
    factor       the PaulScore factor, else none
    kind         'ratio' (a ratio of unit sums: delta-method variance) or 'unit' (a mean over units: the
                 denominator is 1 for every unit)
    numerator, denominator   SQL over a unit's sums of the per-search columns of
                 search_metrics_int_experiment_searches, each column written as `{s}column` (the caller replaces
                 `{s}` with its prefix). Unit-level indicators ('has a click') are cases over those sums.
    index        the entry's 1-based place in the list (a key that is never null)
  The sessions family adds satisfied_click_rate, return_rate and threshold_pass_rate; the query column adds
  reformulation_rate. A compile-time helper: not dispatched.
-#}
{% macro experiment_metrics() %}
    {%- set has_sessions = search_metrics.family_enabled('sessions') -%}
    {%- set has_query = search_metrics.get_query_id_column() is not none -%}
    {%- set entries = [
        ('zero_result_rate', 'ratio', '{s}n_zero_result', '{s}n_known_results'),
        ('clickthrough_rate', 'ratio', '{s}n_clicked_with_results', '{s}n_with_results'),
        ('abandonment_rate', 'ratio', '{s}n_with_results - {s}n_clicked_with_results', '{s}n_with_results'),
        ('mean_first_click_position', 'ratio', '{s}first_click_position', '{s}n_clicked'),
        ('clicks_per_search', 'ratio', '{s}n_clicked_positions', '{s}n_searches'),
        ('mean_seconds_to_first_click', 'ratio', '{s}seconds_to_first_click', '{s}n_clicked')
    ] -%}
    {%- set metrics = [] -%}
    {%- for name, kind, numerator, denominator in entries -%}
        {%- do metrics.append({'name': name, 'factor': none, 'kind': kind, 'numerator': numerator, 'denominator': denominator}) -%}
    {%- endfor -%}
    {%- for factor in search_metrics.get_paulscore_factors() -%}
        {%- do metrics.append({'name': 'paulscore', 'factor': factor, 'kind': 'ratio',
            'numerator': '{s}paulscore_' ~ loop.index, 'denominator': '{s}n_searches'}) -%}
    {%- endfor -%}
    {%- if has_sessions -%}
        {%- do metrics.append({'name': 'satisfied_click_rate', 'factor': none, 'kind': 'ratio',
            'numerator': '{s}n_satisfied_clicks', 'denominator': '{s}n_click_rows'}) -%}
        {%- do metrics.append({'name': 'return_rate', 'factor': none, 'kind': 'ratio',
            'numerator': '{s}n_returning', 'denominator': '{s}n_clicked'}) -%}
        {%- if has_query -%}
            {%- do metrics.append({'name': 'reformulation_rate', 'factor': none, 'kind': 'ratio',
                'numerator': '{s}n_reformulated', 'denominator': '{s}n_with_query'}) -%}
        {%- endif -%}
    {%- endif -%}
    {%- do metrics.append({'name': 'searches_per_unit', 'factor': none, 'kind': 'unit',
        'numerator': '{s}n_searches', 'denominator': '1'}) -%}
    {%- do metrics.append({'name': 'clicked_unit_rate', 'factor': none, 'kind': 'unit',
        'numerator': 'case when {s}n_clicked > 0 then 1 else 0 end', 'denominator': '1'}) -%}
    {%- if has_sessions -%}
        {%- do metrics.append({'name': 'threshold_pass_rate', 'factor': none, 'kind': 'ratio',
            'numerator': 'case when {s}n_satisfied_clicks > 0 then 1 else 0 end',
            'denominator': 'case when {s}n_click_rows > 0 then 1 else 0 end'}) -%}
    {%- endif -%}
    {%- for metric in metrics -%}
        {%- do metric.update({'index': loop.index}) -%}
    {%- endfor -%}
    {{- return(metrics) -}}
{% endmacro %}
