import Foundation

/// One case of an evaluation corpus (format in ARCHITECTURE.md): a time case expects a
/// `time` value; an event case expects event fields or `{"none": true}`.
public struct CorpusCase: Sendable {
    public var id: String
    public var text: String
    public var ref: String
    public var tz: String
    public var locale: String?
    public var expect: JSON
    public var tags: [String]
    public var line: Int

    public var isEventCase: Bool { expect["kind"] == nil }

    /// Reads a corpus file; a malformed line is an error naming the file and line.
    public static func load(path: String) throws -> [CorpusCase] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CorpusError(message: "cannot read corpus \(path)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CorpusError(message: "\(path): not valid UTF-8")
        }
        var out: [CorpusCase] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let l = line.trimmingCharacters(in: .whitespaces)
            if l.isEmpty { continue }
            let loc = "\(path):\(i + 1)"
            let obj: JSON
            do { obj = try JSON.parse(l) } catch { throw CorpusError(message: "\(loc): invalid JSON: \(error)") }
            guard let id = obj["id"]?.stringValue, let t = obj["text"]?.stringValue,
                  let ref = obj["ref"]?.stringValue, let tz = obj["tz"]?.stringValue, let expect = obj["expect"] else {
                throw CorpusError(message: "\(loc): a case needs string id, text, ref, tz and an expect object")
            }
            var tags: [String] = []
            if case .array(let a)? = obj["tags"] { tags = a.compactMap(\.stringValue) }
            out.append(CorpusCase(id: id, text: t, ref: ref, tz: tz, locale: obj["locale"]?.stringValue,
                                  expect: expect, tags: tags, line: i + 1))
        }
        return out
    }
}

public struct CorpusError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
