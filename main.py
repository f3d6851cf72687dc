"""Start Canasta Score: a desktop window where there is a display, else the web app."""

import sys

from canasta_score.app import main

if __name__ == "__main__":
    sys.exit(main())
