"""The players' front door: the player shell, its words, steps and view, the SSH server,
and the commands that invite and serve players."""
