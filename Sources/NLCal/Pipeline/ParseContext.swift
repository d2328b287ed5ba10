/// Everything a parse depends on besides the text: the reference instant, the zone, the
/// locale and the policies. Stages never read the clock; the CLI turns "now" into a context.
public struct ParseContext: Sendable {
    /// Reference instant, epoch seconds.
    public var now: Int
    public var zone: Zone
    public var locale: String
    public var policies: Policies

    public init(now: Int, zone: Zone, locale: String = "en", policies: Policies = Policies()) {
        self.now = now
        self.zone = zone
        self.locale = locale
        self.policies = policies
    }

    public var resolverContext: Resolver.Context {
        Resolver.Context(now: now, zone: zone, policies: policies, locale: locale)
    }
}
