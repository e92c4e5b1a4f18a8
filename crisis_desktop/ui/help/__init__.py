"""Help: the user guide window and the About dialog."""
