{#-
  The largest rank, position and cutoff the package reads: 2147483647 (2^31 - 1, the largest 32-bit integer, the type
  the models cast ranks to). The rank and position rules reject a larger value, get_cutoffs a larger cutoff, and
  whole_list_cutoff stands for "no cutoff" with it (rank <= it holds for every valid rank).
-#}
{% macro largest_rank() %}
    {{- return(2147483647) -}}
{% endmacro %}
