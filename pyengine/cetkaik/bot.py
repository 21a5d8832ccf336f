"""``python -m pyengine.cetkaik.bot``: the Cetkaik engine protocol (README, "Engine protocol").

An entry point only: the protocol and the bots live in :mod:`pyengine.ai.cetkaik.protocol`
(ring 2).  Nothing imports this module; the layout test allows entry points to import any ring.
"""

import sys

from ..ai.cetkaik.protocol import main

if __name__ == "__main__":
    sys.exit(main())
