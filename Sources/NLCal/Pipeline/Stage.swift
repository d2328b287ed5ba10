/// A step of the pipeline: a pure function of the parse state and the context.
///
/// Built-in stages and external plugin stages implement this one interface; the pipeline runs
/// them in order. A stage must not read the clock or any state outside its arguments.
public protocol Stage {
    /// A short name for traces and errors ("tokenize", "datetime", …).
    var name: String { get }
    func run(_ state: inout ParseState, context: ParseContext) throws
}
