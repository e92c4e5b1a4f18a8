"""Entry point for `python -m crisis_desktop`."""

import sys

from crisis_desktop.app import main

sys.exit(main())
