{#-
  The rows of the z-score relation (var search_metrics_trec_eval's zscores, trec_eval -Z; `zscores`: its name, from
  trec_eval_zscores()) in the types the trec_eval table reads them: query_id and measure as text, mean and stddev as
  doubles. A select; search_metrics_int_trec_eval_query_values joins it, search_metrics_int_trec_eval_spine (per
  query) and _run_fingerprints fingerprint it.
-#}
{% macro trec_eval_zscore_rows(zscores) %}
    {{- return(adapter.dispatch('trec_eval_zscore_rows', 'search_metrics')(zscores)) -}}
{% endmacro %}

{% macro default__trec_eval_zscore_rows(zscores) -%}
select
    {{ search_metrics.as_text('query_id') }} as query_id,
    {{ search_metrics.as_text('measure') }} as measure,
    {{ search_metrics.as_double('mean') }} as mean,
    {{ search_metrics.as_double('stddev') }} as stddev
from {{ zscores }}
{%- endmacro %}
