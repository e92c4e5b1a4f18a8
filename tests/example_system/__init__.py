"""A sixth game system kept under tests as the worked example of adding one, with its tests."""
