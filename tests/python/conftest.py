import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import DbtProject, new_workdir, remove_workdir  # noqa: E402


@pytest.fixture(scope="session")
def dbt_project():
    """One DuckDB file and one compile per set of vars for the whole session."""
    workdir = new_workdir()
    try:
        yield DbtProject(workdir)
    finally:
        remove_workdir(workdir)
