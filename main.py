"""Start Canasta Score: a desktop window where there is a display, else the web app; in a
browser tab (the web app that runs on the phone alone) its screens at once, without the
options, the server and the window, none of which a tab has."""

import sys

from canasta_score.runtime import IN_BROWSER

if __name__ == "__main__":
    if IN_BROWSER:
        from canasta_score.in_browser import run

        run()
    else:
        from canasta_score.app import main

        sys.exit(main())
