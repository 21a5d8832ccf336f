"""Draw the home-screen icon iOS asks for (``web/apple-touch-icon.png``, 180×180 PNG: iOS takes
no SVG there) from the app's own icon in build.py, full bleed (iOS rounds the corners itself),
with Debian's Chromium.  Run it again when the icon changes:

    .venv/bin/python tools/touch_icon.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

SIZE = 180


def main() -> None:
    from playwright.sync_api import sync_playwright

    svg = build.ICON.format(radius=0, theme=build.THEME, scale=0.86)
    html = f"<!doctype html><style>html,body{{margin:0}}svg{{display:block;width:{SIZE}px;height:{SIZE}px}}</style>{svg}"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": SIZE, "height": SIZE})
        page.set_content(html)
        page.screenshot(path=str(build.WEB / "apple-touch-icon.png"), omit_background=False)
        browser.close()


if __name__ == "__main__":
    main()
