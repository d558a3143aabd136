"""The table file's front door: the file as other tools read it (``mistborn table``)."""
