import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(FoundationXML)
import FoundationXML
#endif
import NLCal

/// A small CalDAV client (RFC 4791) for one calendar collection: PUT an event, read events
/// back with a time-range `calendar-query` REPORT, create the collection (MKCALENDAR).
///
/// Requests use basic auth with `CalDAVCredentials` (environment or netrc file, never the
/// command line). Each event is one resource `<collection>/<uid>.ics` holding a VCALENDAR
/// written by `ICSWriter`; a new event is sent with `If-None-Match: *` so an existing
/// resource is never overwritten by accident.
public struct CalDAVClient {
    public var collection: URL
    public var credentials: CalDAVCredentials?
    public var timeout: TimeInterval = 30

    public init(collection: String, credentials: CalDAVCredentials? = nil) throws {
        var text = collection
        if !text.hasSuffix("/") { text += "/" }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw CalDAVError("invalid CalDAV URL '\(collection)' (expected http(s)://host/path/to/calendar/)")
        }
        self.collection = url
        self.credentials = try credentials ?? CalDAVCredentials.lookup(host: url.host ?? "")
    }

    /// The resource URL of an event.
    public func resource(uid: String) -> URL {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~@")
        let name = (uid.addingPercentEncoding(withAllowedCharacters: allowed) ?? uid) + ".ics"
        return URL(string: name, relativeTo: collection)!.absoluteURL
    }

    /// PUTs one event. `isNew` sends `If-None-Match: *` (fails if the UID is already there).
    public func put(_ event: CalendarEvent, stamp: Int, isNew: Bool) throws {
        let body = ICSWriter.document([event], stamp: stamp)
        var headers = ["Content-Type": "text/calendar; charset=utf-8"]
        if isNew { headers["If-None-Match"] = "*" }
        let r = try send("PUT", resource(uid: event.uid), headers: headers, body: Data(body.utf8))
        switch r.status {
        case 200, 201, 204: return
        case 412: throw CalDAVError("the server already has an event with uid \(event.uid) (412 Precondition Failed)")
        default: throw CalDAVError(status: r.status, r.body, url: resource(uid: event.uid))
        }
    }

    /// Creates the calendar collection (MKCALENDAR); an existing one is fine.
    public func makeCalendar(displayName: String? = nil) throws {
        var body: Data?
        if let displayName {
            body = Data("""
                <?xml version="1.0" encoding="utf-8"?>
                <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
                <D:set><D:prop><D:displayname>\(Self.xmlEscape(displayName))</D:displayname></D:prop></D:set>
                </C:mkcalendar>
                """.utf8)
        }
        let r = try send("MKCALENDAR", collection, headers: body == nil ? [:] : ["Content-Type": "application/xml; charset=utf-8"], body: body)
        guard (200..<300).contains(r.status) || r.status == 405 else { throw CalDAVError(status: r.status, r.body, url: collection) }
    }

    /// Events with an occurrence in `[from, to)`, read with a calendar-query REPORT.
    /// Floating times are read in `zone`.
    public func events(from: Int, to: Int, zone: Zone, calendarName: String = "CalDAV") throws -> [CalendarEvent] {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:prop><D:getetag/><C:calendar-data/></D:prop>
              <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">
                <C:time-range start="\(Self.utc(from))" end="\(Self.utc(to))"/>
              </C:comp-filter></C:comp-filter></C:filter>
            </C:calendar-query>
            """
        let r = try send("REPORT", collection, headers: ["Depth": "1", "Content-Type": "application/xml; charset=utf-8"], body: Data(body.utf8))
        guard r.status == 207 else { throw CalDAVError(status: r.status, r.body, url: collection) }
        var out: [CalendarEvent] = []
        for ics in try MultistatusParser.calendarData(r.body) {
            for c in try ICSReader.components(ics) where !ICSReader.isOverride(c) {
                out.append(try ICSReader.event(from: c, calendar: calendarName, defaultZone: zone))
            }
        }
        return out.sorted { ($0.start, $0.uid) < ($1.start, $1.uid) }
    }

    struct Response { var status: Int; var body: Data }

    func send(_ method: String, _ url: URL, headers: [String: String], body: Data?) throws -> Response {
        var req = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        req.httpMethod = method
        for (k, v) in headers { req.setValue(v, forHTTPHeaderField: k) }
        if let c = credentials {
            req.setValue("Basic " + Data("\(c.user):\(c.password)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        }
        req.httpBody = body
        let box = ResultBox()
        let sem = DispatchSemaphore(value: 0)
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = timeout
        // The delegate answers an auth challenge (a 401) by cancelling: FoundationNetworking on
        // Linux otherwise hangs retrying a request that has a body.
        let delegate = ChallengeDelegate()
        let session = URLSession(configuration: config, delegate: delegate, delegateQueue: nil)
        session.dataTask(with: req) { data, response, error in
            if let error {
                box.result = .failure(error)
            } else {
                box.result = .success(Response(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data ?? Data()))
            }
            sem.signal()
        }.resume()
        sem.wait()
        session.finishTasksAndInvalidate()
        switch box.result {
        case .success(let r)?:
            if r.status == 401 { throw CalDAVError("\(method) \(url.absoluteString): 401 Unauthorized (set NLCAL_CALDAV_USER and NLCAL_CALDAV_PASSWORD, or a netrc entry for \(url.host ?? "the host"))") }
            return r
        case .failure where delegate.challenged:
            throw CalDAVError("\(method) \(url.absoluteString): 401 Unauthorized (set NLCAL_CALDAV_USER and NLCAL_CALDAV_PASSWORD, or a netrc entry for \(url.host ?? "the host"))")
        case .failure(let e)?: throw CalDAVError("\(method) \(url.absoluteString) failed: \(e.localizedDescription)")
        case nil: throw CalDAVError("\(method) \(url.absoluteString): no response")
        }
    }

    final class ChallengeDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        var challenged = false
        func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
            challenged = true
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }

    final class ResultBox: @unchecked Sendable {
        var result: Result<Response, Error>?
    }

    static func utc(_ t: Int) -> String {
        let l = LocalDateTime(wallSeconds: t)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", l.date.year, l.date.month, l.date.day, l.hour, l.minute, l.second)
    }

    static func xmlEscape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// Basic-auth credentials for a CalDAV server.
///
/// Looked up in this order: `NLCAL_CALDAV_USER` and `NLCAL_CALDAV_PASSWORD`; then a
/// netrc-style file — `$NETRC` if set, else `~/.config/nlcal/netrc` — with
/// `machine HOST login USER password PASS` (or a `default` entry; \"quoted\" values may hold spaces).
public struct CalDAVCredentials: Sendable, Equatable {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    public static func lookup(host: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> CalDAVCredentials? {
        if let u = environment["NLCAL_CALDAV_USER"], !u.isEmpty {
            return CalDAVCredentials(user: u, password: environment["NLCAL_CALDAV_PASSWORD"] ?? "")
        }
        let path = environment["NETRC"] ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config/nlcal/netrc")
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CalDAVError("cannot read the netrc file \(path)")
        }
        return netrc(text, host: host)
    }

    /// The entry for `host` in netrc text (`machine`, `login`, `password`; `default` last).
    public static func netrc(_ text: String, host: String) -> CalDAVCredentials? {
        // Tokens are separated by white space; a token in double quotes may hold spaces.
        var tokens: [String] = []
        var cur = "", quoted = false, has = false
        for ch in text {
            if ch == "\"" { quoted.toggle(); has = true; continue }
            if !quoted && (ch == " " || ch == "\n" || ch == "\t" || ch == "\r" || ch == "\r\n") {
                if has { tokens.append(cur) }
                cur = ""; has = false
            } else { cur.append(ch); has = true }
        }
        if has { tokens.append(cur) }
        var entries: [(machine: String?, login: String?, password: String?)] = []
        var i = 0
        while i < tokens.count {
            switch tokens[i] {
            case "machine" where i + 1 < tokens.count: entries.append((tokens[i + 1], nil, nil)); i += 2
            case "default": entries.append((nil, nil, nil)); i += 1
            case "login" where i + 1 < tokens.count && !entries.isEmpty: entries[entries.count - 1].login = tokens[i + 1]; i += 2
            case "password" where i + 1 < tokens.count && !entries.isEmpty: entries[entries.count - 1].password = tokens[i + 1]; i += 2
            default: i += 1
            }
        }
        let hit = entries.first { $0.machine?.lowercased() == host.lowercased() } ?? entries.first { $0.machine == nil }
        guard let hit, let login = hit.login else { return nil }
        return CalDAVCredentials(user: login, password: hit.password ?? "")
    }
}

public struct CalDAVError: Error, CustomStringConvertible {
    public var description: String
    public init(_ message: String) { description = "CalDAV: " + message }
    init(status: Int, _ body: Data, url: URL) {
        let snippet = String(decoding: body.prefix(200), as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
        self.init("\(url.absoluteString) answered HTTP \(status)\(snippet.isEmpty ? "" : ": \(snippet)")")
    }
}

/// Reads the `calendar-data` texts out of a WebDAV multistatus response.
enum MultistatusParser {
    static func calendarData(_ data: Data) throws -> [String] {
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        guard parser.parse() else {
            throw CalDAVError("the server's multistatus answer is not XML: \(parser.parserError?.localizedDescription ?? "parse error")")
        }
        return delegate.found
    }

    final class Delegate: NSObject, XMLParserDelegate {
        var found: [String] = []
        var current: String?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if elementName == "calendar-data" { current = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            current? += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            current? += String(decoding: CDATABlock, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            if elementName == "calendar-data", let c = current {
                if !c.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { found.append(c) }
                current = nil
            }
        }
    }
}
