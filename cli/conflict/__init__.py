"""The Adventure Game's commands: dice, odds, sheets, Conflicts step by step, the guided
round, the live board, the log, the demo and simulation."""
