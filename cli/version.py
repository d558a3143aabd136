"""The program's version, in a module of its own: the package, the click group and
the table's record of which program wrote a step read it without importing each other."""

__version__ = "0.2.0"
