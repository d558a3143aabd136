"""The code's docstrings are written for readers of the source (reStructuredText roles
such as :func:`name`, ``literal`` text, ``::`` before an example); this griffe
extension makes them read as Markdown on the documentation site, changing nothing
else."""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:func|class|mod|meth|attr|data|exc|obj|const|ref):`~?([^`]+)`")
_LITERAL_BLOCK = re.compile(r"::\n")


def markdown(text: str) -> str:
    """A docstring's reStructuredText habits, as Markdown."""
    text = _ROLE.sub(r"`\1`", text)
    return _LITERAL_BLOCK.sub(":\n", text)


class ReadAsMarkdown(griffe.Extension):
    """Rewrite every docstring as :func:`markdown` reads it."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
