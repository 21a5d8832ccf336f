// Embed a game in any page with one line:
//   <script src="https://example.org/app/embed.js" data-game="cetkaik" data-record="1.eJy..."></script>
// It inserts an iframe of the app's compact view (?embed=1) right where the script stands.
// data-record: a share-link fragment (what follows '#'); data-game: a game to start instead;
// data-width / data-height: the frame's size (default 100% × 480px); data-lang: en, ko or ja.
(function () {
  var script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  var parent = script && script.parentNode;
  if (!script || !parent) return;
  var base = new URL(".", script.src);
  var src = new URL("index.html", base);
  src.searchParams.set("embed", "1");
  if (script.dataset.lang) src.searchParams.set("lang", script.dataset.lang);
  var record = script.dataset.record || "";
  if (record) src.hash = record.replace(/^#/, "");
  else if (script.dataset.game) src.searchParams.set("game", script.dataset.game);
  var frame = document.createElement("iframe");
  frame.src = src.href;
  frame.title = script.dataset.title || "Game";
  frame.loading = "lazy";
  frame.style.border = "0";
  frame.style.width = script.dataset.width || "100%";
  frame.style.height = script.dataset.height || "480px";
  frame.setAttribute("allow", "clipboard-write");
  frame.className = "pyengine-embed";
  parent.insertBefore(frame, script.nextSibling);
})();
