/// Every failure the engine reports: a code the C ABI maps to a status, and a message for people.
public struct LayoutError: Error, Equatable, CustomStringConvertible {
    public enum Code: Sendable {
        case invalidArgument, outOfRange, callbackFailed, badCallbackData, reentrant, unknownKind, limit
        /// A caller's buffer holds fewer results than there are (the count needed is given back).
        case bufferTooSmall
    }
    /// The questions the engine asks its data source (LayoutDataSource): a failure of one, or an
    /// answer refused, names it, so that each face can say it in its own words (the C layer
    /// adds the callback's name, `item_sizes: ...`).
    public enum Question: Sendable {
        case sectionCount, itemCount, itemSizes, itemSpans, sectionMetrics, inlineElements, customFrames, itemBadges
    }
    public var code: Code
    public var message: String
    /// The data-source question this failure is about, if any.
    public var question: Question?
    public init(_ code: Code, _ message: String, about question: Question? = nil) {
        (self.code, self.message, self.question) = (code, message, question)
    }
    public var description: String { message }
}

/// "1 section", "3 sections": a count in a message, in the right number.
func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
