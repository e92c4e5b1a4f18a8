"""ui layer of Crisis Desktop."""
