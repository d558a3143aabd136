"""What every game of the tool shares, and nothing of any one game: who is looking
(:mod:`core.viewer`). The rules packages (:mod:`conflict`, :mod:`boardgames`), the
sheets (:mod:`characters`) and the table build on it; it imports none of them.
"""
