"""storage layer of Crisis Desktop."""
