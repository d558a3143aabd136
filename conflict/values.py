"""The engine's frozen values made and copied quickly.

The engine makes a new state, and often a new action, participant and round state, for
every event, and what-now makes an answer and its options for every question: at a
simulation's pace, making and copying these frozen values is a large share of the work.
For a frozen attrs class whose fields are all plain slots (no validator, converter,
factory run with ``self``, pre- or post-init step, or cached hash), both are done here
by functions written once per class that set each slot through the slot itself, as the
class's own ``__init__`` sets it but without looking each name up again (attrs' frozen
``__init__`` calls ``object.__setattr__`` by name). Classes with checks keep attrs' way,
checks and all. The values made are the same values: equal, equally hashed, frozen.

* :func:`evolve` ``(obj, **changes)`` and :func:`copy_with` ``(obj, changes)``: a copy
  with changes, as :func:`attrs.evolve` makes it;
* :func:`copier` ``(cls)``: the copying function of one class, to call straight;
* :func:`quick_init`: class decorator, the quick ``__init__``;
* :func:`builder` ``(cls)``: a function that makes a ``cls`` from the arguments the
  class takes, called straight (no ``type.__call__`` handing them on in a dict).
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["builder", "copier", "copy_with", "evolve", "quick_init"]

T = TypeVar("T")
C = TypeVar("C", bound=type[Any])

Setter = Callable[[Any, Any], None]

_FACTORY: type[Any] = type(attrs.Factory(dict))  # attrs' Factory class (typed as a function)


def evolve(obj: T, **changes: Any) -> T:
    """A copy of the frozen ``obj`` with ``changes``, as :func:`attrs.evolve` makes it.

    The engine copies a state, an action or a participant for nearly every event, so
    for classes whose fields are all plain slots (every class of :mod:`conflict.state`,
    and what-now's answers) the copy is made by a function written once per class,
    which copies every slot to a new object and then sets the changed ones; other
    classes go through :func:`attrs.evolve`, with their checks. An unknown field raises
    ``TypeError``.
    """
    cls = obj.__class__
    make = _EVOLVERS.get(cls)
    if make is None:
        make = _EVOLVERS[cls] = _evolver(cls)
    return make(obj, changes)  # type: ignore[no-any-return]


def copy_with(obj: T, changes: dict[str, Any]) -> T:
    """``evolve(obj, **changes)`` for changes already gathered in a dict (the engine's
    order functions gather a state's changes as they go): not unpacked and packed
    again. ``changes`` is not kept."""
    make = _EVOLVERS.get(obj.__class__)
    if make is None:
        make = _EVOLVERS[obj.__class__] = _evolver(obj.__class__)
    return make(obj, changes)  # type: ignore[no-any-return]


def copier(cls: type[T]) -> Callable[..., T]:
    """The copying function of ``cls``: ``copier(cls)(obj, **changes)`` is
    ``evolve(obj, **changes)`` for an ``obj`` of exactly ``cls``, called straight (the
    engine binds one for each of its busiest classes)."""
    if _plain_slots(cls) is None:
        return _slow_evolve_kw
    made: Callable[..., T] = _evolver(cls, keywords=True)
    return made


_EVOLVERS: dict[type[Any], Callable[[Any, dict[str, Any]], Any]] = {}


def _slow_evolve(obj: Any, changes: dict[str, Any]) -> Any:
    known = {name for field in attrs.fields(obj.__class__) for name in (field.name, field.alias)}
    unknown = set(changes) - known
    if unknown:  # said as the quick copies say it
        raise TypeError(f"{obj.__class__.__name__} has no field(s) {sorted(unknown)}")
    return attrs.evolve(obj, **changes)


def _slow_evolve_kw(obj: Any, /, **changes: Any) -> Any:
    return _slow_evolve(obj, changes)


def _evolver(cls: type[Any], *, keywords: bool = False) -> Callable[..., Any]:
    """The copying function of ``cls`` (see :func:`evolve`): ``(obj, changes)``, or
    with ``keywords`` ``(obj, /, **changes)``."""
    setters = _plain_slots(cls)
    if setters is None:
        return _slow_evolve_kw if keywords else _slow_evolve
    names = list(setters)
    # Copy each slot to a new object, then set the changed ones (an event changes a
    # few fields of many).
    lines = [f"def evolve_{cls.__name__}(obj, {'/, **changes' if keywords else 'changes'}):",
             "    new = make(cls)"]
    namespace: dict[str, Any] = {"cls": cls, "known": frozenset(names),
                                 "make": object.__new__, "setters": setters}
    for at, name in enumerate(names):
        namespace[f"set{at}"] = setters[name]
        lines.append(f"    set{at}(new, obj.{name})")
    lines += ["    try:",
              "        for name, value in changes.items():",
              "            setters[name](new, value)",
              "    except KeyError:",
              f"        raise TypeError(f'{cls.__name__} has no field(s) "
              f"{{sorted(set(changes) - known)}}') from None",
              "    return new"]
    exec("\n".join(lines) + "\n", namespace)  # the copying function for this class
    made: Callable[[Any, dict[str, Any]], Any] = namespace[f"evolve_{cls.__name__}"]
    return made


def quick_init(cls: C) -> C:
    """Class decorator, above ``@attrs.frozen``: give ``cls`` an ``__init__`` that sets
    each slot through the slot itself, with the very signature attrs gave it (the same
    names, order, defaults and keyword-only fields; a factory default runs when its
    argument is left out). A class that is not all plain slots (see the module
    docstring) keeps attrs' ``__init__``."""
    if _plain_slots(cls) is None:
        return cls
    init = _maker(cls, builds=False)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init
    return cls


def builder(cls: type[T]) -> Callable[..., T]:
    """A function that makes a ``cls`` from the arguments ``cls(...)`` takes, called
    straight: making a value through its class passes the arguments on to
    ``__init__`` in a dict, so where the engine makes a value for every event it may
    call this instead. For a class that is not all plain slots, the class itself."""
    if _plain_slots(cls) is None:
        return cls
    made: Callable[..., T] = _maker(cls, builds=True)
    return made


def _maker(cls: type[Any], *, builds: bool) -> Callable[..., Any]:
    """``cls``'s quick ``__init__``, or with ``builds`` a function taking the same
    arguments that returns a new ``cls``; ``cls`` is all plain slots."""
    setters = _plain_slots(cls)
    assert setters is not None
    namespace: dict[str, Any] = {"NOTHING": attrs.NOTHING, "cls": cls, "make": object.__new__}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = ["    self = make(cls)"] if builds else []
    for at, field in enumerate(attrs.fields(cls)):
        name = field.name
        namespace[f"set{at}"] = setters[name]
        default = field.default
        if default is attrs.NOTHING:
            param, value = name, name
        elif isinstance(default, _FACTORY):
            namespace[f"factory{at}"] = default.factory
            param, value = f"{name}=NOTHING", f"factory{at}() if {name} is NOTHING else {name}"
        else:
            namespace[f"default{at}"] = default
            param, value = f"{name}=default{at}", name
        (keyword if field.kw_only else positional).append(param)
        body.append(f"    set{at}(self, {value})")
    body.append("    return self" if builds else "    return None")
    first = [] if builds else ["self"]
    params = ", ".join([*first, *positional, *(["*", *keyword] if keyword else [])])
    function = f"new_{cls.__name__}" if builds else "__init__"
    exec(f"def {function}({params}):\n" + "\n".join(body) + "\n", namespace)
    made: Callable[..., Any] = namespace[function]
    return made


def _plain_slots(cls: type[Any]) -> dict[str, Setter] | None:
    """The slot setter of each field of the attrs class ``cls``, in field order, when
    every field is a plain slot; else ``None``."""
    if not attrs.has(cls):
        return None
    fields = attrs.fields(cls)
    plain = all(f.init and f.validator is None and f.converter is None and f.alias == f.name
                and f.name.isidentifier() and not _takes_self(f.default) for f in fields)
    if not plain or hasattr(cls, "__attrs_post_init__") or hasattr(cls, "__attrs_pre_init__"):
        return None
    names = [f.name for f in fields]
    slots = {slot for klass in cls.__mro__ for slot in klass.__dict__.get("__slots__", ())}
    setters = {name: _slot_setter(cls, name) for name in names}
    if slots - set(names) - {"__weakref__"}:
        return None  # slots beyond the fields (a cached hash)
    found = {name: setter for name, setter in setters.items() if setter is not None}
    return found if len(found) == len(names) else None


def _takes_self(default: object) -> bool:
    """Whether ``default`` is a factory that is given the instance being made."""
    return isinstance(default, _FACTORY) and bool(getattr(default, "takes_self", False))


def _slot_setter(cls: type[Any], name: str) -> Setter | None:
    """The setter of the slot ``name`` of ``cls``, or ``None`` if it is not a slot."""
    for klass in cls.__mro__:
        found = klass.__dict__.get(name)
        if found is not None:
            if isinstance(found, types.MemberDescriptorType):
                setter: Setter = found.__set__
                return setter
            return None
    return None
