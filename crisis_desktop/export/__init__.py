"""export layer of Crisis Desktop."""
