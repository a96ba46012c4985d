{#-
  The value of a doc its input run holds, for a score method (sum, mnz, max, min, med, anz, wsum), by ranx's
  normalization `norm` (ranx/normalization/*.py, per (run, query); docs/fusion.md). `list` is the table alias of a
  row with the run's list statistics: score, position (1-based, in the run's rank order), n_results, min_score,
  max_score, sum_score, mean_score, sd_score (population); `n_candidates` is the SQL expression of the number of docs
  in the union of the fusion's runs for the query (borda). Returns a double SQL expression:
    none     score
    min-max  (score - min) / max(max - min, 1e-9)
    max      score / max(max, 1e-9)
    sum      (score - min) / max(sum - min * n, 1e-9)
    zmuv     (score - mean) / max(sd, 1e-9)
    rank     1 - (position - 1) / n
    borda    1 - (position - 1) / n_candidates    (a doc the run lacks: fusion_missing_value)
  Null only when score is null (the data test search_metrics_fusions__input_runs_must_have_scores fails then).
-#}
{% macro fusion_normalized_score(norm, list, n_candidates) %}
    {{- return(adapter.dispatch('fusion_normalized_score', 'search_metrics')(norm, list, n_candidates)) -}}
{% endmacro %}

{% macro default__fusion_normalized_score(norm, list, n_candidates) -%}
    {%- set floor = search_metrics.as_double('1e-9') -%}
    {%- if norm == 'none' -%}
    {{ list }}.score
    {%- elif norm == 'min-max' -%}
    ({{ list }}.score - {{ list }}.min_score) / greatest({{ list }}.max_score - {{ list }}.min_score, {{ floor }})
    {%- elif norm == 'max' -%}
    {{ list }}.score / greatest({{ list }}.max_score, {{ floor }})
    {%- elif norm == 'sum' -%}
    ({{ list }}.score - {{ list }}.min_score) / greatest({{ list }}.sum_score - {{ list }}.min_score * {{ list }}.n_results, {{ floor }})
    {%- elif norm == 'zmuv' -%}
    ({{ list }}.score - {{ list }}.mean_score) / greatest({{ list }}.sd_score, {{ floor }})
    {%- elif norm == 'rank' -%}
    1 - {{ search_metrics.as_double(list ~ '.position - 1') }} / {{ list }}.n_results
    {%- elif norm == 'borda' -%}
    1 - {{ search_metrics.as_double(list ~ '.position - 1') }} / ({{ n_candidates }})
    {%- else -%}
    {{- exceptions.raise_compiler_error("search_metrics: fusion_normalized_score has no norm " ~ norm) -}}
    {%- endif -%}
{%- endmacro %}
