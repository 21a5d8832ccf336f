"""Long computations the page's AI Worker runs for a game's table (:mod:`pyengine.app.worker`)."""
