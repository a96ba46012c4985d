{#-
  The composite Gauss-Legendre rule on [0, 1] that the Student t, chi-square and studentized range macros integrate
  with: the interval in `panels` equal panels (default 4), the 16-point Gauss-Legendre rule on each (16 * panels
  nodes; 64 by default), as a relation of 16 * panels rows:
      node_index (0 .. 16 * panels - 1), node_position (in (0, 1)), node_weight (> 0, the weights sum to 1),
  so that the integral of g over [lo, hi] is (hi - lo) * sum(node_weight * g(lo + (hi - lo) * node_position)).
  The 16-point nodes and weights on [-1, 1] are numpy.polynomial.legendre.leggauss(16) (Abramowitz & Stegun
  table 25.4), written here as literals (8 of each: the rule is symmetric); the panels are placed at compile time.
  Exact for polynomials of degree 31 on each panel; tests/python/test_statistics_functions.py compares the rows
  with leggauss.
-#}
{% macro gauss_legendre_nodes(panels=4) %}
    {%- if not search_metrics.is_number(panels) or panels < 1 or panels != (panels | int) -%}
        {{- exceptions.raise_compiler_error("search_metrics: gauss_legendre_nodes needs a whole number of panels >= 1, got " ~ panels) -}}
    {%- endif -%}
    {{- return(adapter.dispatch('gauss_legendre_nodes', 'search_metrics')(panels | int)) -}}
{% endmacro %}

{% macro default__gauss_legendre_nodes(panels=4) -%}
    {%- set abscissas = [0.09501250983763744, 0.2816035507792589, 0.45801677765722737, 0.6178762444026438,
                         0.755404408355003, 0.8656312023878318, 0.9445750230732326, 0.9894009349916499] -%}
    {%- set weights = [0.18945061045506864, 0.18260341504492364, 0.16915651939500265, 0.1495959888165767,
                       0.12462897125553407, 0.0951585116824926, 0.062253523938647456, 0.027152459411754176] -%}
    {%- set n_panels = panels -%}
    {#- the 16 nodes of one panel, in ascending order: -x_8 .. -x_1, x_1 .. x_8 (row i, 0 .. 15), as offsets in
        [0, 1/4) of the panel's start, with weights / 8; the panels are a second relation, so the 64 rows take 20
        selects rather than 64 (binding 64 selects was half of DuckDB's time for student_t_tail on a few rows) #}
    {%- set panel_rows = [] -%}
    {%- for i in range(16) -%}
        {%- set j = (7 - i) if i < 8 else (i - 8) -%}
        {%- set x = (0 - abscissas[j]) if i < 8 else abscissas[j] -%}
        {%- do panel_rows.append([i, search_metrics.as_double((1 + x) / (2 * n_panels)),
            search_metrics.as_double(weights[j] / (2 * n_panels))]) -%}
    {%- endfor -%}
    {%- set panels = [] -%}
    {%- for panel in range(n_panels) -%}
        {%- do panels.append([panel, search_metrics.as_double(panel / n_panels)]) -%}
    {%- endfor %}
    select
        gl_panels.panel * 16 + gl_points.point_index as node_index,
        gl_panels.panel_start + gl_points.point_offset as node_position,
        gl_points.point_weight as node_weight
    from ({{ search_metrics.literal_relation(['panel', 'panel_start'], panels) | indent(4) }}
    ) as gl_panels
    cross join ({{ search_metrics.literal_relation(['point_index', 'point_offset', 'point_weight'], panel_rows) | indent(4) }}
    ) as gl_points
{%- endmacro %}
