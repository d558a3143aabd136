"""What every game of the tool shares, and nothing of any one game:

* :mod:`core.errors` – the one error base (:class:`~core.errors.RefusedError`, split
  into :class:`~core.errors.Malformed` and :class:`~core.errors.NotAllowed`) every
  package's errors derive from;
* :mod:`core.names` – the one name identity (NFKC, case, invisible characters,
  look-alike letters) and the check that a list holds no two spellings of one name;
* :mod:`core.text` – the one rule for every stored text (what a name or a free text may
  hold) and stored text made safe to print, export and write as JSON or TOML;
* :mod:`core.ignorable` – the characters that show nothing (default-ignorable);
* :mod:`core.bounds` – whole numbers within bounds, as attrs validators;
* :mod:`core.jsonread` – the one strict JSON (and TOML) reader with its limits;
* :mod:`core.convert` – the one factory of cattrs converters, each made at first use;
* :mod:`core.viewer` – who is looking at a narration or a board.

The rules packages (:mod:`conflict`, :mod:`boardgames`), the sheets (:mod:`characters`)
and the table build on it; it imports none of them.
"""
