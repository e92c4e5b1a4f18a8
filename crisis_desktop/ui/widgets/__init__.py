"""Qt widgets of Crisis Desktop."""
