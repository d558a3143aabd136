"""Every shell example of the README and of the docs' pages prints what the page shows:
each page's ``$`` lines run in order, on a table and in a folder of the page's own, at
the width the page sets (``$ export COLUMNS=40``); each picture is what its command
draws. ``tests/docs_support.py`` says what a page may write."""

from __future__ import annotations

from pathlib import Path

import pytest
from docs_support import (
    Block,
    Ran,
    Step,
    contains,
    fresh_env,
    matches,
    page_id,
    pages,
    pictures,
    run,
    shows,
    steps,
    words,
)

EXAMPLES = [page for page in pages() if steps(page.read_text(encoding="utf-8"))]
PICTURES = [(page, block) for page in pages()
            for block in pictures(page.read_text(encoding="utf-8"))]


def test_the_readme_and_the_docs_have_shell_examples() -> None:
    names = {page_id(page) for page in EXAMPLES}
    assert {"README.md", "docs/table-file.md"} <= names
    assert len(names) >= 10


@pytest.mark.parametrize("page", EXAMPLES, ids=page_id)
def test_each_page_s_shell_examples_print_what_the_page_shows(page: Path,
                                                             tmp_path: Path) -> None:
    env = fresh_env(tmp_path)
    for step in steps(page.read_text(encoding="utf-8")):
        where = f"{page_id(page)}, line {step.line}: $ {step.command}"
        if words(step.command)[0] == "mistborn":
            assert env["COLUMNS"], f"{where}: the page has not said its width " \
                                   "(export COLUMNS=…) before its first mistborn command"
        wrong = shows(step.expected, run(step, env, tmp_path))
        assert wrong is None, f"{where}\n{wrong}"


@pytest.mark.parametrize(("page", "block"), PICTURES,
                         ids=[f"{page_id(page)}:{block.line}" for page, block in PICTURES])
def test_each_picture_is_what_its_command_draws(page: Path, block: Block,
                                                tmp_path: Path) -> None:
    assert block.picture is not None
    columns, command = block.picture
    env = fresh_env(tmp_path)
    env["COLUMNS"] = str(columns)
    ran = run(Step(command, "", block.line), env, tmp_path)
    assert ran.status == 0, ran.output
    assert contains(block.text, ran.output), \
        f"{page_id(page)}, line {block.line}: {command} no longer draws this:\n{ran.output}"


# --- the reading itself ------------------------------------------------------------------


def test_an_output_that_changed_fails_its_example() -> None:
    assert shows("Result 5", Ran(0, "Result 5\n")) is None
    assert shows("Result 5", Ran(0, "Result 4\n")) is not None
    assert shows("Result 5", Ran(2, "Result 5\n")) is not None
    assert shows("mistborn: no such sheet", Ran(2, "mistborn: no such sheet\n")) is None
    assert shows("mistborn: no such sheet", Ran(0, "mistborn: no such sheet\n")) is not None


def test_an_ellipsis_stands_for_what_the_page_leaves_out() -> None:
    assert matches("a\n…\nd", "a\nb\nc\nd")
    assert matches("a\n…\nd", "a\nd")
    assert matches("a\n…", "a\nb")
    assert not matches("a\n…\nd", "a\nb\nc")
    assert matches("Passphrase: …", "Passphrase: bell-bread-cane-19")
    assert not matches("Passphrase: …", "Password: bell")
    assert matches("at 2026-11-26T00:14:30.941653+00:00",
                   "at 2027-01-02T10:00:00.000001+00:00")


def test_a_typed_block_and_a_picture_are_read_from_the_comment_before_them() -> None:
    from docs_support import blocks

    page = ('<!-- typed: ["attack prelate", ""] -->\n```\n$ mistborn conflict run\nx\n```\n'
            "<!-- picture at 40 columns: mistborn demo -->\n```text\nRound 3\n```\n")
    run_block, picture = blocks(page)
    assert run_block.typed == ("attack prelate", "")
    assert picture.picture == (40, "mistborn demo")
    (step,) = steps(page)
    assert (step.command, step.expected, step.typed) == \
        ("mistborn conflict run", "x", ("attack prelate", ""))


def test_bash_quoting_reaches_the_command_as_bash_gives_it() -> None:
    assert words("mistborn conflict new R --stakes $'the \\e[2Jcache'")[-1] == \
        "the \x1b[2Jcache"


# --- the site -------------------------------------------------------------------------------


def test_every_page_is_in_the_site_s_navigation() -> None:
    from docs_support import ROOT

    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    missing = [page_id(page) for page in pages()[1:]
               if f": {page.relative_to(ROOT / 'docs').as_posix()}" not in nav]
    assert not missing, f"pages missing from mkdocs.yml's nav: {missing}"


def test_ci_builds_the_site_strictly_and_type_checks_every_page_s_python() -> None:
    from docs_support import ROOT

    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -q -e '.[docs]' && mkdocs build --strict" in ci
    assert "find docs -name '*.md'" in ci  # nested folders too
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    docs_extra = project.split("\ndocs = [", 1)[1].split("\n]", 1)[0]
    for package in ("mkdocs", "mkdocs-material", "mkdocstrings[python]"):
        assert f'"{package}' in docs_extra, package
