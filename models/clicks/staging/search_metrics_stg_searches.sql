{#-
  The searches input (var search_metrics_searches) with the contract's columns (macro staged_searches: ids as text;
  the query, experiment, bucket and unit columns the vars name); the input data tests run here.
-#}
{{ config(enabled=search_metrics.family_enabled('clicks')) }}
{{ search_metrics.staged_searches() }}
