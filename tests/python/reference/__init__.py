"""Pure-Python reference implementations (test oracles) for the search-quality metrics."""

from .judged import (  # noqa: F401
    BUILTIN_METRICS,
    DEFAULT_TRANSFORMERS,
    aggregate_judgments,
    query_metrics,
    resolve_metrics,
    resolve_transformers,
    run_metrics,
    transform_grade,
)
