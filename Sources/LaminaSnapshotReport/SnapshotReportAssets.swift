/// The report page's style and script, inline so that the page is one file.
extension SnapshotReportPage {
    static let style = """
        :root { color-scheme: light dark; --line: #d0d0d5; --accent: #0a7aff; --bad: #d70015; }
        [hidden] { display: none !important; }
        body { font: 14px/1.45 -apple-system, system-ui, "Segoe UI", Roboto, sans-serif; margin: 0 24px 48px; }
        header { border-bottom: 1px solid var(--line); margin-bottom: 16px; }
        h1 { font-size: 24px; margin: 20px 0 4px; }
        h2 { font-size: 19px; margin: 28px 0 8px; }
        h3 { font-size: 16px; margin: 0 0 8px; font-family: ui-monospace, Menlo, monospace; }
        .summary { color: #6e6e73; margin: 0 0 12px; }
        .test { border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px; margin: 12px 0; }
        .snapshot + .snapshot { border-top: 1px dashed var(--line); margin-top: 16px; padding-top: 16px; }
        .where { margin: 0 0 6px; font-family: ui-monospace, Menlo, monospace; color: #6e6e73; }
        .message { white-space: pre-wrap; background: rgba(215, 0, 21, 0.07); border-left: 3px solid var(--bad);
                   padding: 8px 10px; margin: 0 0 8px; font-size: 12.5px; }
        .figures { border-collapse: collapse; margin: 0 0 10px; }
        .figures th { text-align: left; font-weight: 500; color: #6e6e73; padding: 1px 16px 1px 0; }
        .figures code { font-size: 12px; }
        .modes { margin: 0 0 8px; }
        .modes button { font: inherit; border: 1px solid var(--line); background: none; padding: 3px 12px;
                        border-radius: 6px; margin-right: 4px; cursor: pointer; color: inherit; }
        .modes button.on { background: var(--accent); border-color: var(--accent); color: #fff; }
        .note { color: #6e6e73; margin-left: 8px; }
        .side { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px; }
        figure { margin: 0; }
        figcaption { font-weight: 600; margin-bottom: 4px; }
        .size { font-weight: 400; color: #6e6e73; font-size: 12px; }
        img { max-width: 100%; display: block;
              background: repeating-conic-gradient(#e4e4e8 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .stack { position: relative; display: block; }
        .stack img { width: 100%; }
        .stack .top { position: absolute; left: 0; top: 0; }
        .stack .line { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: var(--accent); }
        .view.slider:not([hidden]), .view.blink:not([hidden]) { display: inline-block; max-width: min(100%, 720px); }
        .slider input { display: block; width: 100%; margin: 8px 0 0; }
        .legend { color: #6e6e73; margin: 4px 0 0; }
        .recorded { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 16px; }
        .recorded figcaption { font-weight: 400; font-size: 12.5px; margin-top: 4px; word-break: break-all; }
        .badge { background: var(--bad); color: #fff; border-radius: 4px; padding: 0 5px; font-size: 11px; }
        .noimage { color: var(--bad); }
        .empty { font-size: 16px; }
        """

    static let script = """
        document.querySelectorAll('.snapshot').forEach(function (s) {
          var ref = s.querySelector('.side img.reference'), fresh = s.querySelector('.side img.failure');
          if (ref && fresh) {
            s.querySelectorAll('.stack').forEach(function (stack) {
              stack.querySelector('.base').src = ref.src;
              stack.querySelector('.top').src = fresh.src;
            });
          }
          var slider = s.querySelector('.slider');
          if (slider) {
            var range = slider.querySelector('input'), top = slider.querySelector('.top');
            var line = document.createElement('div');
            line.className = 'line';
            slider.querySelector('.stack').appendChild(line);
            var place = function () {
              top.style.clipPath = 'inset(0 0 0 ' + range.value + '%)';
              line.style.left = range.value + '%';
            };
            range.addEventListener('input', place);
            place();
          }
          var timer = null;
          var blink = s.querySelector('.blink');
          var stopBlink = function () { if (timer) { clearInterval(timer); timer = null; } };
          var startBlink = function () {
            var top = blink.querySelector('.top'), label = blink.querySelector('.legend b');
            var showingNew = true;
            timer = setInterval(function () {
              showingNew = !showingNew;
              top.style.visibility = showingNew ? 'visible' : 'hidden';
              label.textContent = showingNew ? 'new' : 'reference';
            }, 600);
          };
          s.querySelectorAll('.modes button').forEach(function (button) {
            button.addEventListener('click', function () {
              s.querySelectorAll('.modes button').forEach(function (b) { b.classList.toggle('on', b === button); });
              s.querySelectorAll('.view').forEach(function (v) {
                v.hidden = !v.classList.contains(button.dataset.mode);
              });
              stopBlink();
              if (button.dataset.mode === 'blink') { startBlink(); }
            });
          });
        });
        // report.html#slider or #blink opens every snapshot in that view.
        (function () {
          var mode = location.hash.slice(1);
          if (mode !== 'slider' && mode !== 'blink') { return; }
          document.querySelectorAll('.modes button[data-mode="' + mode + '"]').forEach(function (b) { b.click(); });
        })();
        """
}
