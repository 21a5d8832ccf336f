"""``python -m pyengine.daifugo.uecda``: the UECda tournament client (specification §7).

An entry point only: the client lives in :mod:`pyengine.ai.daifugo.uecda` (ring 2, it plays
with the bots).  Nothing imports this module; the layout test allows entry points to import
any ring.
"""

import sys

from ..ai.daifugo.uecda import main

if __name__ == "__main__":
    sys.exit(main())
