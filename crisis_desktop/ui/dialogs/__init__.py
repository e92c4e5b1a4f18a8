"""Qt dialogs of Crisis Desktop."""
