"""Messages in more than one language: catalogs of templates, number agreement, and
errors that can be shown in any of them.

A game keeps its texts in a :class:`Catalog`: for each language a mapping from a
message key (``"dbg.health.healed"``) to a template. Templates are Python format
strings with two additions, so that every language says numbers its own way:

* ``{n:point|points}`` writes the number and the noun agreeing with it: ``1 point``,
  ``2 points``. Polish gives three forms, ``{n:punkt|punkty|punktów}``: ``1 punkt``,
  ``2 punkty``, ``5 punktów``, ``22 punkty``, ``12 punktów`` (see :func:`plural_pl`).
  A leading ``~`` writes the noun alone: ``{n:~point|points}``.
* ``{names:list}`` joins a sequence of names: ``Vin, Kelsier and Marsh`` /
  ``Vin, Kelsier i Marsh``.
* ``{field:term}`` says a value's field in words: the catalog's ``term.FIELD`` (``the
  amount`` / ``liczba``), else the field's own name; ``{value:PREFIX.}`` says a value
  in words the same way, by key ``PREFIX.VALUE`` (``{metal:metal.}``: ``tin`` /
  ``cyna``). A term written with a leading ``+`` is a plural noun, and
  ``{field:agree:musi/muszą}`` writes the verb agreeing with it (``„punkty” muszą``).

Errors raised with a key (:class:`LocalizedBadValue`, :class:`LocalizedRuleViolation`)
read in English as ``str(error)`` and in another language through
:func:`localize` (``localize(error, "pl")``). Both keep the rule ID in front:
``R-DBG-1: …``.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from boardgames.errors import BadValue, GameError, RuleViolation

__all__ = ["LANGUAGES", "Catalog", "Localized", "LocalizedBadValue", "LocalizedRuleViolation",
           "Param", "fields", "join_names", "localize", "plural", "plural_en", "plural_pl"]

LANGUAGES = ("en", "pl")
"""The languages every catalog speaks, English first."""

Param = int | str | tuple[str, ...]
"""What a message parameter may be: a number, a text, or a sequence of names."""

T = TypeVar("T")


def plural_en(n: int, one: str, other: str) -> str:
    """The English form of a noun for ``n``: ``one`` for 1 (and -1), else ``other``."""
    return one if abs(n) == 1 else other


def plural_pl(n: int, one: str, few: str, many: str) -> str:
    """The Polish form of a noun for ``n``: ``one`` for 1 (1 punkt), ``few`` when ``n``
    ends in 2–4 but not 12–14 (2 punkty, 24 punkty), else ``many`` (0, 5, 12, 25
    punktów)."""
    n = abs(n)
    if n == 1:
        return one
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return few
    return many


def plural(lang: str, n: int, forms: Sequence[str]) -> str:
    """The form of a noun for ``n`` in ``lang``, from its forms (2 in English, 3 in
    Polish)."""
    if lang == "pl" and len(forms) == 3:
        return plural_pl(n, forms[0], forms[1], forms[2])
    if lang == "en" and len(forms) == 2:
        return plural_en(n, forms[0], forms[1])
    raise ValueError(f"{lang} needs {3 if lang == 'pl' else 2} noun forms, got {list(forms)}")


def join_names(lang: str, names: Sequence[str]) -> str:
    """``names`` as one phrase: ``A``, ``A and B``, ``A, B and C`` (``i`` in Polish)."""
    conjunction = {"en": "and", "pl": "i"}[lang]
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


class _Formatter(string.Formatter):
    def __init__(self, lang: str, texts: Mapping[str, str] | None = None) -> None:
        self.lang = lang
        self.texts = texts or {}

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "list":
            return join_names(self.lang, value)
        if format_spec == "term":  # a field's name said in words: key "term.NAME"
            return self.texts.get(f"term.{value}", str(value)).removeprefix("+")
        if format_spec.startswith("agree:"):  # a verb agreeing with a field's term
            one, many = format_spec.removeprefix("agree:").split("/")
            return many if self.texts.get(f"term.{value}", "").startswith("+") else one
        if format_spec.endswith("."):  # a value said in words: key "PREFIX.VALUE"
            return self.texts.get(f"{format_spec}{value}", str(value))
        if "|" in format_spec:
            bare = format_spec.startswith("~")
            word = plural(self.lang, value, format_spec.lstrip("~").split("|"))
            return word if bare else f"{value} {word}"
        return str(super().format_field(value, format_spec))


def fields(template: str) -> dict[str, str]:
    """The parameters a template uses, each with its kind: ``"plural"`` (a number with
    noun forms), ``"list"`` (a sequence of names) or ``"plain"``."""
    found: dict[str, str] = {}
    for _text, name, spec, _conversion in string.Formatter().parse(template):
        if name is None:
            continue
        kind = "list" if spec == "list" else "plural" if spec and "|" in spec else "plain"
        found[name] = "plural" if found.get(name) == "plural" else kind
    return found


class Catalog:
    """The texts of one game in every language of :data:`LANGUAGES`: ``texts[lang][key]``
    is a template (see the module's docstring)."""

    def __init__(self, name: str, texts: Mapping[str, Mapping[str, str]]) -> None:
        missing = [lang for lang in LANGUAGES if lang not in texts]
        if missing:
            raise ValueError(f"catalog {name} lacks languages {missing}")
        self.name = name
        self.texts = {lang: dict(texts[lang]) for lang in LANGUAGES}

    def render(self, key: str, params: Mapping[str, Param], lang: str = "en") -> str:
        """The message ``key`` in ``lang`` with ``params`` filled in."""
        if lang not in self.texts:
            raise BadValue(f"language must be one of {', '.join(LANGUAGES)}, got {lang!r}")
        return _Formatter(lang, self.texts[lang]).vformat(self.texts[lang][key], (),
                                                          dict(params))

    def pieces(self, key: str, params: Mapping[str, Param], lang: str,
               slots: Mapping[str, T]) -> list[str | T]:
        """The message ``key`` as :meth:`render` says it, in pieces: each field named in
        ``slots`` left as its slot's value (a step's parameter, which a front door
        words), the texts around it rendered."""
        if lang not in self.texts:
            raise BadValue(f"language must be one of {', '.join(LANGUAGES)}, got {lang!r}")
        formatter = _Formatter(lang, self.texts[lang])
        pieces: list[str | T] = []
        for text, field, spec, conversion in formatter.parse(self.texts[lang][key]):
            pieces.append(text)
            if field is None:
                continue
            if field in slots:
                pieces.append(slots[field])
                continue
            value = formatter.convert_field(formatter.get_field(field, (), params)[0],
                                            conversion)
            pieces.append(formatter.format_field(value, spec or ""))
        return pieces


class Localized(GameError):
    """An error whose message is a catalog key and parameters; ``str()`` is English and
    :meth:`text` any language of the catalog."""

    def __init__(self, catalog: Catalog, key: str, params: Mapping[str, Param] | None = None,
                 *, rule: str | None = None, param: str | None = None,
                 value: object = None) -> None:
        self.catalog = catalog
        self.key = key
        self.params: dict[str, Param] = dict(params or {})
        super().__init__(catalog.render(key, self.params, "en"), rule=rule, param=param,
                         value=value)

    def text(self, lang: str = "en") -> str:
        """The message in ``lang``, led by the rule it names."""
        message = self.catalog.render(self.key, self.params, lang)
        return f"{self.rule}: {message}" if self.rule else message


class LocalizedBadValue(Localized, BadValue):
    """A malformed value (:class:`~boardgames.errors.BadValue`) with a localized message."""


class LocalizedRuleViolation(Localized, RuleViolation):
    """A refusal by the rules (:class:`~boardgames.errors.RuleViolation`) with a
    localized message."""


def localize(error: BaseException, lang: str = "en") -> str:
    """The message of ``error`` in ``lang``: translated when the error carries a key
    (:class:`Localized`), else its English text."""
    if lang not in LANGUAGES:
        raise BadValue(f"language must be one of {', '.join(LANGUAGES)}, got {lang!r}")
    if isinstance(error, Localized):
        return error.text(lang)
    return str(error)
