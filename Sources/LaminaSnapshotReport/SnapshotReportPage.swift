import Foundation

/// The HTML of a snapshot report (see ``SnapshotReport``).
struct SnapshotReportPage {
    let entries: [SnapshotReport.Entry]
    let problems: [String]
    let title: String

    var failures: [SnapshotReport.Entry] { entries.filter { $0.artifact.kind == .failure } }
    var recorded: [SnapshotReport.Entry] { entries.filter { $0.artifact.kind != .failure } }
    var failedTests: Int { Set(failures.map { $0.artifact.test ?? "" }).count }

    /// Image bytes embedded so far; past ``SnapshotReport/maximumEmbeddedBytes`` images are named.
    private final class Budget { var embedded = 0 }

    func render() -> String {
        let budget = Budget()
        let failed = failures, recordedOnes = recorded
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>\(Self.style)</style>
            </head><body>
            <header><h1>\(escape(title))</h1>
            <p class="summary">\(summaryLine(failed: failed, recorded: recordedOnes))</p></header>

            """
        if failed.isEmpty {
            html += "<p class=\"empty\">No snapshot failed.</p>\n"
        } else {
            html += "<section id=\"failures\"><h2>Failed snapshots</h2>\n"
            var groups: [String: [SnapshotReport.Entry]] = [:]
            for entry in failed { groups[entry.artifact.test ?? "", default: []].append(entry) }
            var index = 0
            for test in groups.keys.sorted() {
                let group = groups[test]!
                html += "<article class=\"test\"><h3>\(escape(test.isEmpty ? "Unknown test" : test))</h3>\n"
                for entry in group {
                    index += 1
                    html += failure(entry, id: "s\(index)", budget: budget)
                }
                html += "</article>\n"
            }
            html += "</section>\n"
        }
        if !recordedOnes.isEmpty {
            html += "<section id=\"recorded\"><h2>Recorded references</h2>\n<div class=\"recorded\">\n"
            for entry in recordedOnes { html += recordedFigure(entry, budget: budget) }
            html += "</div></section>\n"
        }
        if !problems.isEmpty {
            html += "<section id=\"problems\"><h2>Folders that could not be read</h2><ul>\n"
            for problem in problems { html += "<li>\(escape(problem))</li>\n" }
            html += "</ul></section>\n"
        }
        html += "<script>\(Self.script)</script>\n</body></html>\n"
        return html
    }

    private func summaryLine(failed: [SnapshotReport.Entry], recorded: [SnapshotReport.Entry]) -> String {
        let tests = Set(failed.map { $0.artifact.test ?? "" }).count
        var parts = ["\(failed.count) failed snapshot\(failed.count == 1 ? "" : "s") in \(tests) test\(tests == 1 ? "" : "s")"]
        let recordedCount = recorded.filter { $0.artifact.kind == .recorded }.count
        let missing = recorded.count - recordedCount
        parts.append("\(recordedCount) recorded")
        if missing > 0 { parts.append("\(missing) missing, not recorded") }
        if !problems.isEmpty { parts.append("\(problems.count) unreadable") }
        let formatter = ISO8601DateFormatter()
        parts.append("written \(formatter.string(from: Date()))")
        return parts.map(escape).joined(separator: " · ")
    }

    private func failure(_ entry: SnapshotReport.Entry, id: String, budget: Budget) -> String {
        let a = entry.artifact
        var html = "<div class=\"snapshot\" id=\"\(id)\">\n"
        if let location = location(a) { html += "<p class=\"where\">\(escape(location))</p>\n" }
        html += "<pre class=\"message\">\(escape(a.message))</pre>\n"
        html += "<table class=\"figures\">"
        if let differing = a.differingPixels, let count = a.pixelCount, count > 0 {
            let share = Double(differing) / Double(count) * 100
            html += "<tr><th>Pixels differing</th><td>\(differing) of \(count) (\(format(share, digits: share < 0.1 ? 3 : 1)) %)</td></tr>"
        }
        if let m = a.maximumComponentDifference { html += "<tr><th>Largest component difference</th><td>\(m) of 255</td></tr>" }
        if let e = a.maximumDeltaE, e.isFinite { html += "<tr><th>Largest ΔE*94</th><td>\(format(e, digits: 2))</td></tr>" }
        html += "<tr><th>Folder</th><td><code>\(escape(entry.folder.path))</code></td></tr></table>\n"
        let names = ["reference.png": "Reference", "failure.png": "New", "difference.png": "Difference"]
        let images = a.imageNames.map { name in (name, names[name] ?? name, image(entry.folder.appendingPathComponent(name), budget: budget)) }
        let reference = images[0].2, new = images.count > 1 ? images[1].2 : nil
        let comparable = reference.dataURL != nil && new?.dataURL != nil && reference.size.map { r in new?.size.map { $0 == r } ?? false } ?? false
        html += "<div class=\"modes\" role=\"tablist\"><button class=\"on\" data-mode=\"side\">Side by side</button>"
        if comparable {
            html += "<button data-mode=\"slider\">Slider</button><button data-mode=\"blink\">Blink</button>"
        } else {
            html += "<span class=\"note\">Slider and blink need two images of one size.</span>"
        }
        html += "</div>\n<div class=\"view side\">"
        for (name, caption, img) in images {
            html += "<figure><figcaption>\(escape(caption))\(sizeText(img.size))</figcaption>\(img.tag(role: String(name.dropLast(4))))</figure>"
        }
        html += "</div>\n"
        if comparable {
            html += """
                <div class="view slider" hidden><div class="stack"><img class="base" alt="Reference"><img class="top" alt="New"></div>
                <input type="range" min="0" max="100" value="50" aria-label="New image shown up to"><p class="legend">Reference on the left, new image on the right of the line</p></div>
                <div class="view blink" hidden><div class="stack"><img class="base" alt="Reference"><img class="top" alt="New"></div><p class="legend">Showing: <b>new</b></p></div>

                """
        }
        return html + "</div>\n"
    }

    private func recordedFigure(_ entry: SnapshotReport.Entry, budget: Budget) -> String {
        let a = entry.artifact
        let img = image(entry.folder.appendingPathComponent("recorded.png"), budget: budget)
        var html = "<figure class=\"\(a.kind == .missing ? "missing" : "new")\">\(img.tag(role: "recorded"))<figcaption><b>\(escape(a.test ?? "Unknown test"))</b>"
        if a.kind == .missing { html += " <span class=\"badge\">not recorded</span>" }
        if let location = location(a) { html += "<br>\(escape(location))" }
        if let path = a.referencePath { html += "<br><code>\(escape(path))</code>" }
        html += sizeText(img.size) + "</figcaption></figure>\n"
        return html
    }

    private func location(_ a: SnapshotArtifact) -> String? {
        guard let file = a.file else { return nil }
        if let line = a.line { return "\(file):\(line)" }
        return file
    }

    private func sizeText(_ size: (Int, Int)?) -> String {
        guard let size else { return "" }
        return " <span class=\"size\">\(size.0) × \(size.1) px</span>"
    }

    /// An image of the report: embedded when it is a PNG within the limits, else named.
    private struct Image {
        var dataURL: String?
        var size: (Int, Int)?
        var note: String?
        func tag(role: String) -> String {
            if let dataURL { return "<img class=\"\(role)\" src=\"\(dataURL)\" alt=\"\(role)\">" }
            return "<p class=\"noimage\">\(escape(note ?? "No image."))</p>"
        }
    }

    private func image(_ url: URL, budget: Budget) -> Image {
        let path = url.path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            return Image(note: "\(url.lastPathComponent) is missing.")
        }
        let bytes = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard bytes <= SnapshotReport.maximumImageBytes else {
            return Image(note: "\(path) is \(bytes) bytes, more than the \(SnapshotReport.maximumImageBytes) a report embeds.")
        }
        guard budget.embedded + bytes <= SnapshotReport.maximumEmbeddedBytes else {
            return Image(note: "Not embedded (the report holds \(SnapshotReport.maximumEmbeddedBytes) bytes of images): \(path)")
        }
        guard let data = try? Data(contentsOf: url) else { return Image(note: "\(path) cannot be read.") }
        guard let size = pngSize(data) else { return Image(note: "\(path) is not a PNG file.") }
        budget.embedded += bytes
        return Image(dataURL: "data:image/png;base64," + data.base64EncodedString(), size: size)
    }
}

/// A PNG's width and height from its header, or nil when `data` is not a PNG.
func pngSize(_ data: Data) -> (Int, Int)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard data.count >= 24, data.prefix(8).elementsEqual(signature) else { return nil }
    let bytes = [UInt8](data[data.startIndex + 16 ..< data.startIndex + 24])
    let width = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
    let height = bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
    return (width, height)
}

/// Text made safe for HTML.
func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(c)
        }
    }
    return out
}

/// `value` with `digits` decimals, for any value (never traps).
func format(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    return String(format: "%.\(max(0, min(digits, 6)))f", value)
}
