/// Every failure the engine reports: a code the C ABI maps to a status, and a message for people.
public struct LayoutError: Error, Equatable, CustomStringConvertible {
    public enum Code: Sendable {
        case invalidArgument, outOfRange, callbackFailed, badCallbackData, reentrant, unknownKind, limit
        /// A caller's buffer holds fewer results than there are (the count needed is given back).
        case bufferTooSmall
    }
    public var code: Code
    public var message: String
    public init(_ code: Code, _ message: String) { self.code = code; self.message = message }
    public var description: String { message }
}

/// "1 section", "3 sections": a count in a message, in the right number.
func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
