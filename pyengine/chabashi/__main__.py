"""``python -m pyengine.chabashi evaluate [--preset seed|balanced]`` (see :mod:`.tool`)."""

import sys

from .tool import main

if __name__ == "__main__":
    sys.exit(main())
