"""The documentation agrees with the code (fast: plain file parsing, no dbt run).

- The table of docs/metrics.md lists the built-in metrics of macros/config/builtin_metrics.sql, in the same order
  (the one place they are listed; the README links to it).
- The README's var reference names every var of dbt_project.yml and nothing else.
- The README stays an entry point (at most 12,000 bytes).
- Every doc() a YAML file references is a docs block in docs/ (dbt reads docs blocks only from there), and no
  docs block is left elsewhere.
- No user-facing file carries an internal label ("seed 000", "issue 5", ...).
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

REPO_ROOT = Path(__file__).resolve().parents[2]
README = REPO_ROOT / "README.md"
README_MAX_BYTES = 12_000


def read(relative: str) -> str:
    return (REPO_ROOT / relative).read_text(encoding="utf-8")


def section(markdown: str, heading: str) -> str:
    """The text under `## heading` up to the next `## ` heading."""
    match = re.search(rf"^## {re.escape(heading)}[ \t]*\n(.*?)(?=^## |\Z)", markdown, re.M | re.S)
    assert match, f"no section '## {heading}'"
    return match.group(1)


def builtin_metric_names() -> list[str]:
    names = re.findall(r"'name'\s*:\s*'([a-z0-9_]+)'", read("macros/config/builtin_metrics.sql"))
    assert names, "no built-in metric found in macros/config/builtin_metrics.sql"
    return names


def difference(where: str, listed: list[str], builtins: list[str]) -> str:
    missing = [name for name in builtins if name not in listed]
    extra = [name for name in listed if name not in builtins]
    if missing or extra:
        return f"{where}: missing {missing}, not built in {extra}"
    return f"{where}: not in the order of builtin_metrics.sql: {listed}"


def test_metrics_page_table_lists_the_builtin_metrics():
    table = re.findall(r"^\| `([a-z0-9_]+)` \|", read("docs/metrics.md"), re.M)
    assert len(table) == len(set(table)), f"a metric is listed twice: {table}"
    assert table == builtin_metric_names(), difference("docs/metrics.md", table, builtin_metric_names())


def test_readme_var_reference_matches_dbt_project_vars():
    project_vars = set(yaml.safe_load(read("dbt_project.yml"))["vars"])
    reference = section(read("README.md"), "Var reference")
    rows = re.findall(r"^\| `(search_metrics_[a-z0-9_]+)` \|", reference, re.M)
    assert len(rows) == len(set(rows)), f"a var has two rows: {rows}"
    assert set(rows) == project_vars, {"missing from the README": sorted(project_vars - set(rows)),
                                       "not a var of dbt_project.yml": sorted(set(rows) - project_vars)}
    named = set(re.findall(r"search_metrics_[a-z0-9_]+", reference))
    assert named <= project_vars, f"not vars of dbt_project.yml: {sorted(named - project_vars)}"


def test_readme_is_short():
    size = len(README.read_bytes())
    assert size <= README_MAX_BYTES, f"README.md is {size} bytes; move detail to docs/ (limit {README_MAX_BYTES})"


def test_every_doc_reference_is_a_docs_block_in_docs():
    docs_dir = REPO_ROOT / "docs"
    assert yaml.safe_load(read("dbt_project.yml")).get("docs-paths") == ["docs"]
    blocks = set()
    for page in docs_dir.glob("*.md"):
        text = page.read_text(encoding="utf-8")
        # dbt scans every page for Jinja: a Jinja comment opener that is never closed fails `dbt parse`
        assert "{#" not in text, f"{page.name}: no '{{#' in docs/ pages (dbt reads it as a Jinja comment)"
        blocks |= set(re.findall(r"{%-?\s*docs\s+([a-z0-9_]+)\s*-?%}", text))
    referenced = set()
    for folder in ("models", "macros", "seeds"):
        for path in (REPO_ROOT / folder).rglob("*.yml"):
            referenced |= set(re.findall(r"""doc\(\s*['"]([a-z0-9_]+)['"]\s*\)""", path.read_text(encoding="utf-8")))
    assert referenced, "no doc() reference found"
    assert referenced <= blocks, f"doc() without a docs block in docs/: {sorted(referenced - blocks)}"
    stray = [str(p.relative_to(REPO_ROOT)) for folder in ("models", "macros", "seeds")
             for p in (REPO_ROOT / folder).rglob("*.md") if "{% docs" in p.read_text(encoding="utf-8")]
    assert not stray, f"docs blocks outside docs/ are not read by dbt: {stray}"


def user_facing_files() -> list[Path]:
    files = [REPO_ROOT / name for name in ("README.md", "CONTRIBUTING.md", "CHANGELOG.md", "tests/README.md",
                                            "bench/README.md")]
    files += sorted((REPO_ROOT / "docs").glob("*.md"))
    for folder in ("models", "macros"):
        files += sorted((REPO_ROOT / folder).rglob("*.yml"))
    return [path for path in files if path.exists()]


INTERNAL_LABELS = re.compile(r"seed 00|\bissues?\s*#?\d", re.I)


def test_no_internal_labels_in_user_facing_files():
    found = []
    for path in user_facing_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if INTERNAL_LABELS.search(line):
                found.append(f"{path.relative_to(REPO_ROOT)}:{number}: {line.strip()}")
    assert not found, "internal labels in user-facing text:\n" + "\n".join(found)
