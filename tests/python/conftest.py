import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import DbtProject, new_workdir, remove_workdir  # noqa: E402

# DuckDB, PostgreSQL and Spark engines for the parity and portability tests (each started once, on first use)
from engines import (  # noqa: E402,F401
    duckdb_engine, engine_workdir, postgres_engine, postgres_server, spark_engine,
)


@pytest.fixture(scope="session")
def dbt_project():
    """One DuckDB file and one compile per set of vars for the whole session."""
    workdir = new_workdir()
    try:
        yield DbtProject(workdir)
    finally:
        remove_workdir(workdir)
