import Foundation

/// The gallery's `index.html`: sections of figures, each with its picture, caption and code.
enum GalleryPage {
    static func html(_ entries: [GalleryEntry], scale: CGFloat) -> String {
        var body = ""
        for section in GallerySection.allCases {
            let inSection = entries.filter { $0.section == section }
            guard !inSection.isEmpty else { continue }
            body += "<section>\n<h2>\(escape(section.rawValue))</h2>\n<p class=\"blurb\">\(escape(section.blurb))</p>\n"
            for e in inSection {
                let kind = if case .animation(let d) = e.output { "animated PNG, \(format(d)) s" } else { "PNG" }
                body += """
                <figure id="\(e.id)">
                <a href="\(e.id).png"><img src="\(e.id).png" width="\(Int(e.size.width))" height="\(Int(e.size.height))" alt="\(escape(e.title))"></a>
                <figcaption><h3><a href="#\(e.id)">\(escape(e.title))</a> <span class="kind">\(kind)</span></h3>
                <p>\(escape(e.caption))</p></figcaption>
                <details open><summary>Swift</summary><pre><code>\(escape(e.snippet ?? "(the source file \(e.sourceFile) is not available)"))</code></pre></details>
                </figure>

                """
            }
            body += "</section>\n"
        }
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Lamina gallery</title>
        <style>
        :root { color-scheme: light dark; --fg: #1d1d1f; --muted: #6e6e73; --card: #f5f5f7; --code: #fff; }
        @media (prefers-color-scheme: dark) { :root { --fg: #f5f5f7; --muted: #a1a1a6; --card: #1c1c1e; --code: #111; } }
        body { font: 15px/1.5 system-ui, sans-serif; color: var(--fg); max-width: 1200px; margin: 2em auto; padding: 0 1em; }
        h1 { margin-bottom: 0; } .lede, .blurb { color: var(--muted); }
        section { margin-top: 3em; }
        figure { display: grid; grid-template-columns: minmax(0, auto) minmax(0, 1fr); gap: 0 1.5em; margin: 1.5em 0;
                 padding: 1em; background: var(--card); border-radius: 12px; }
        figure > a { grid-row: span 2; } img { max-width: 100%; height: auto; border-radius: 6px; }
        figcaption h3 { margin: 0 0 .25em; font-size: 1.05em; } figcaption h3 a { color: inherit; text-decoration: none; }
        .kind { font-weight: normal; color: var(--muted); font-size: .85em; }
        figcaption p { margin: 0 0 .5em; }
        pre { background: var(--code); padding: .75em; border-radius: 8px; overflow-x: auto; font-size: 12.5px; line-height: 1.4; margin: 0; }
        summary { cursor: pointer; color: var(--muted); }
        @media (max-width: 800px) { figure { grid-template-columns: 1fr; } figure > a { grid-row: auto; } }
        </style>
        </head>
        <body>
        <h1>Lamina gallery</h1>
        <p class="lede">Core Animation on Linux, in Swift. Every picture below was drawn by Lamina on the CPU at \(format(Double(scale)))× from the code shown with it
        (rendered with <code>lamina gallery</code>; animations are frames at exact media times).</p>
        \(body)
        </body>
        </html>

        """
    }

    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.count)
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    static func format(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String(format: "%.1f", d)
    }
}
