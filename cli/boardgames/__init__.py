"""The board games' commands: Stuffed, the Deckbuilding Game and House War, over what
they share (:mod:`cli.boardgames.base`)."""
