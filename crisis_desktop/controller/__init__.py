"""controller layer of Crisis Desktop."""
