"""`python -m canasta_score`: the command line."""

import sys

from canasta_score.cli import main

sys.exit(main())
