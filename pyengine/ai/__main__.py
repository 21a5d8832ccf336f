"""``python -m pyengine.ai`` is the arena."""

from .arena import main

raise SystemExit(main())
