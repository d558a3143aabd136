"""The `mistborn` command line: click commands and Rich screens over the library."""
