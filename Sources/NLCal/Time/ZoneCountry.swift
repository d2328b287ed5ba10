import Foundation

/// The country a time zone keeps the clocks of, from the zone database's own tables: a holiday
/// some countries keep on another day ("Mother's Day" in London, "Thanksgiving" in Toronto)
/// is taken where the user is.
///
/// `zone.tab` gives one ISO 3166 code per canonical zone ("Australia/Sydney" → AU); the links
/// in `tzdata.zi` ("L Australia/Sydney Australia/Canberra") give old and alternative names the
/// canonical zone's entry. Both files come with the system's `tzdata`, read once per process.
enum ZoneCountry {
    /// The canonical name of a zone given by a link, or the name itself.
    static func canonical(_ identifier: String) -> String { tables.links[identifier] ?? identifier }

    /// The ISO 3166 alpha-2 code of the country a zone belongs to; nil for zones of no country
    /// ("UTC", "Etc/GMT+2") or when the tables are missing.
    static func country(of identifier: String) -> String? { tables.countries[canonical(identifier)] }

    private struct Tables: Sendable {
        var countries: [String: String] = [:]
        var links: [String: String] = [:]
    }

    private static let tables: Tables = {
        var t = Tables()
        let dir = TZif.directory
        if let tab = try? String(contentsOfFile: dir + "/zone.tab", encoding: .utf8) {
            for line in tab.split(separator: "\n") where !line.hasPrefix("#") {
                // CODE <tab> coordinates <tab> TZ [<tab> comments]
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count >= 3, fields[0].count == 2 else { continue }
                t.countries[String(fields[2])] = String(fields[0])
            }
        }
        if let zi = try? String(contentsOfFile: dir + "/tzdata.zi", encoding: .utf8) {
            for line in zi.split(separator: "\n") where line.hasPrefix("L ") {
                let f = line.split(separator: " ")
                guard f.count == 3 else { continue }
                t.links[String(f[2])] = String(f[1])
            }
        }
        return t
    }()
}
