"""What the page runs below its one bridge module: sessions and view models, pure Python."""
