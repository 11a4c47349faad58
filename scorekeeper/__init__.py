"""scorekeeper: keeps the score sheet of UNO games played with real cards."""
