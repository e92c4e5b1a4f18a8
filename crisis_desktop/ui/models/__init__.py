"""Qt models of Crisis Desktop."""
