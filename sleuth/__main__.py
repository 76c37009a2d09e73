"""`python -m sleuth` is the `sleuth` command."""

import sys

from sleuth.cli import main

sys.exit(main())
