import Foundation
import NLCal

/// A bad input the user can fix; printed as one line on stderr with a non-zero exit.
package struct CLIError: Error, CustomStringConvertible {
    package var description: String
    package init(_ message: String) { description = message }
}

/// Prints `nlcal: error: …` and exits with status 2 (bad input) — never a stack trace.
package func fail(_ error: Error) -> Never {
    let message: String
    switch error {
    case let e as CLIError: message = e.description
    case let e as GrammarError: message = "grammar error: \(e.description)"
    case let e as CustomStringConvertible: message = e.description
    default: message = "\(error)"
    }
    FileHandle.standardError.write(Data("nlcal: error: \(message)\n".utf8))
    exit(2)
}
