{#-
  The clicks input (var search_metrics_clicks) with the contract's columns (macro staged_clicks: search_id as text);
  the input data tests run here.
-#}
{{ config(enabled=search_metrics.family_enabled('clicks')) }}
{{ search_metrics.staged_clicks() }}
