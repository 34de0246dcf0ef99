import Foundation
@_spi(Lamina) import CoreGraphics

/// A small XML reader for Core Animation archives: elements, attributes, text, comments,
/// CDATA, processing instructions and the standard entities, with line numbers for errors.
struct XMLElement {
    var name: String
    var attributes: [String: String]
    var children: [XMLElement]
    var text: String
    var line: Int

    func attribute(_ name: String) -> String? { attributes[name] }
    func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }
}

/// Why an archive could not be read.
public enum CAMLError: Error, CustomStringConvertible, Equatable {
    /// The file or folder cannot be read.
    case unreadable(String)
    /// The XML is malformed at a line.
    case malformedXML(line: Int, message: String)
    /// The document is XML but not a Core Animation archive.
    case notCAML(String)
    /// The file is larger than the loader reads (``CAMLDocument/maximumFileSize``, or
    /// ``CAMLDocument/maximumImageFileSize`` for an image it names).
    case tooLarge(path: String, limit: Int)

    public var description: String {
        switch self {
        case .unreadable(let p): "cannot read \(p)"
        case let .malformedXML(line, message): "malformed XML at line \(line): \(message)"
        case .notCAML(let m): "not a Core Animation archive: \(m)"
        case let .tooLarge(path, limit): "\(path) is larger than \(BoundedFileReader.describe(bytes: limit)), the most Lamina reads"
        }
    }
}

enum XMLReader {
    static func parse(_ data: Data) throws(CAMLError) -> XMLElement {
        var p = Parser(bytes: [UInt8](data))
        return try p.document()
    }

    struct Parser {
        let bytes: [UInt8]
        var i = 0
        var line = 1

        init(bytes: [UInt8]) {
            // Skip a UTF-8 byte order mark.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { self.bytes = Array(bytes.dropFirst(3)) } else { self.bytes = bytes }
        }

        func fail(_ m: String) -> CAMLError { .malformedXML(line: line, message: m) }

        var atEnd: Bool { i >= bytes.count }
        func peek(_ s: String) -> Bool {
            let u = Array(s.utf8)
            return i + u.count <= bytes.count && Array(bytes[i..<(i + u.count)]) == u
        }
        mutating func advance(_ n: Int = 1) {
            for _ in 0..<n where i < bytes.count {
                if bytes[i] == 0x0A { line += 1 }
                i += 1
            }
        }
        mutating func skipSpace() { while !atEnd, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { advance() } }
        mutating func skip(past s: String, what: String) throws(CAMLError) {
            while !atEnd && !peek(s) { advance() }
            guard !atEnd else { throw fail("unterminated \(what)") }
            advance(s.utf8.count)
        }

        /// Skips the prolog, comments and processing instructions; reads the root element.
        mutating func document() throws(CAMLError) -> XMLElement {
            while true {
                skipSpace()
                if atEnd { throw fail("no root element") }
                if peek("<?") { try skip(past: "?>", what: "processing instruction"); continue }
                if peek("<!--") { try skip(past: "-->", what: "comment"); continue }
                if peek("<!DOCTYPE") { try skipDoctype(); continue }
                break
            }
            let root = try element()
            while true {
                skipSpace()
                if atEnd { break }
                if peek("<!--") { try skip(past: "-->", what: "comment"); continue }
                if peek("<?") { try skip(past: "?>", what: "processing instruction"); continue }
                throw fail("content after the root element")
            }
            return root
        }

        /// Skips a document type declaration, internal subset included. Its declarations are
        /// not read: entities it declares stay unknown (an error where they are used), so no
        /// document can expand entities into entities ("billion laughs").
        mutating func skipDoctype() throws(CAMLError) {
            while !atEnd && bytes[i] != UInt8(ascii: ">") && bytes[i] != UInt8(ascii: "[") { advance() }
            if !atEnd && bytes[i] == UInt8(ascii: "[") { try skip(past: "]", what: "doctype internal subset") }
            try skip(past: ">", what: "doctype")
        }

        mutating func name() throws(CAMLError) -> String {
            let start = i
            while !atEnd {
                let c = bytes[i]
                if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x3E || c == 0x2F || c == 0x3D { break }
                advance()
            }
            guard i > start else { throw fail("expected a name") }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        /// How deep elements are nested now.
        var depth = 0
        /// The deepest nesting read: far beyond any real archive, well within the stack.
        static let maximumDepth = 256

        mutating func element() throws(CAMLError) -> XMLElement {
            guard peek("<") else { throw fail("expected an element") }
            depth += 1
            defer { depth -= 1 }
            guard depth <= Parser.maximumDepth else { throw fail("elements nested more than \(Parser.maximumDepth) deep") }
            let startLine = line
            advance()
            let n = try name()
            var attrs: [String: String] = [:]
            while true {
                skipSpace()
                if atEnd { throw fail("unterminated start tag <\(n)>") }
                if peek("/>") {
                    advance(2)
                    return XMLElement(name: n, attributes: attrs, children: [], text: "", line: startLine)
                }
                if peek(">") { advance(); break }
                let key = try name()
                skipSpace()
                guard peek("=") else { throw fail("attribute \(key) of <\(n)> has no value") }
                advance()
                skipSpace()
                guard !atEnd, bytes[i] == 0x22 || bytes[i] == 0x27 else { throw fail("attribute \(key) of <\(n)> is not quoted") }
                let quote = bytes[i]
                advance()
                let vs = i
                while !atEnd && bytes[i] != quote { advance() }
                guard !atEnd else { throw fail("unterminated value of attribute \(key)") }
                let raw = String(decoding: bytes[vs..<i], as: UTF8.self)
                advance()
                if attrs[key] != nil { throw fail("attribute \(key) repeated in <\(n)>") }
                attrs[key] = try decodeEntities(raw)
            }
            var children: [XMLElement] = []
            var text = ""
            while true {
                if atEnd { throw fail("<\(n)> (line \(startLine)) is not closed") }
                if peek("</") {
                    advance(2)
                    let closing = try name()
                    skipSpace()
                    guard peek(">") else { throw fail("malformed end tag </\(closing)>") }
                    advance()
                    guard closing == n else { throw fail("</\(closing)> closes <\(n)> (line \(startLine))") }
                    return XMLElement(name: n, attributes: attrs, children: children, text: text, line: startLine)
                }
                if peek("<!--") { try skip(past: "-->", what: "comment"); continue }
                if peek("<![CDATA[") {
                    advance(9)
                    let s = i
                    while !atEnd && !peek("]]>") { advance() }
                    guard !atEnd else { throw fail("unterminated CDATA") }
                    text += String(decoding: bytes[s..<i], as: UTF8.self)
                    advance(3)
                    continue
                }
                if peek("<?") { try skip(past: "?>", what: "processing instruction"); continue }
                if peek("<") { children.append(try element()); continue }
                let s = i
                while !atEnd && bytes[i] != 0x3C { advance() }
                text += try decodeEntities(String(decoding: bytes[s..<i], as: UTF8.self))
            }
        }

        func decodeEntities(_ s: String) throws(CAMLError) -> String {
            guard s.contains("&") else { return s }
            var out = ""
            var rest = Substring(s)
            while let amp = rest.firstIndex(of: "&") {
                out += rest[..<amp]
                guard let semi = rest[amp...].firstIndex(of: ";") else { throw fail("unterminated entity") }
                let name = rest[rest.index(after: amp)..<semi]
                switch name {
                case "lt": out += "<"
                case "gt": out += ">"
                case "amp": out += "&"
                case "quot": out += "\""
                case "apos": out += "'"
                default:
                    if name.hasPrefix("#x"), let v = UInt32(name.dropFirst(2), radix: 16), let u = Unicode.Scalar(v) {
                        out.unicodeScalars.append(u)
                    } else if name.hasPrefix("#"), let v = UInt32(name.dropFirst()), let u = Unicode.Scalar(v) {
                        out.unicodeScalars.append(u)
                    } else {
                        throw fail("unknown entity &\(name);")
                    }
                }
                rest = rest[rest.index(after: semi)...]
            }
            return out + rest
        }
    }
}
