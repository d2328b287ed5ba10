/// A problem in a grammar file, reported as `file:line:col: message`.
public struct GrammarError: Error, CustomStringConvertible, Sendable, Equatable {
    public var location: SourceLocation?
    public var message: String

    public init(_ message: String, at location: SourceLocation?) {
        self.message = message
        self.location = location
    }

    public var description: String {
        if let location { return "\(location): \(message)" }
        return message
    }
}
