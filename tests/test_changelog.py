"""The changelog keeps the form it promises (Keep a Changelog): an Unreleased section on
top, then each version with its date, newest first, the current one included, and only
the kinds of change that form names."""

from __future__ import annotations

import re
from pathlib import Path

from cli.version import __version__

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
KINDS = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def test_the_changelog_opens_with_what_is_unreleased_then_each_version_newest_first() -> None:
    heads = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", TEXT, re.M)
    assert heads[0] == ("Unreleased", "")
    versions = heads[1:]
    assert versions and all(date for _version, date in versions)
    numbers = [tuple(int(n) for n in version.split(".")) for version, _ in versions]
    assert numbers == sorted(numbers, reverse=True)
    assert __version__ in {version for version, _ in versions}


def test_the_changelog_names_only_the_kinds_of_change_of_its_form() -> None:
    kinds = set(re.findall(r"^### (.+)$", TEXT, re.M))
    assert kinds and kinds <= KINDS


def test_the_readme_points_to_the_changelog() -> None:
    assert "CHANGELOG.md" in (ROOT / "README.md").read_text(encoding="utf-8")
