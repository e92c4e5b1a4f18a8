"""Qt views of Crisis Desktop."""
