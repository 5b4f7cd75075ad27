/// A D-Bus server address this client can reach: a Unix socket by path or in the abstract namespace.
///
/// Other transports (`tcp:`, `launchd:`, `unixexec:`…) are not spoken; an address list is tried in its
/// order and those are skipped.
package enum DBusAddress: Equatable, Sendable {
    /// `unix:path=…`: a socket file in the file system.
    case path(String)
    /// `unix:abstract=…` (no file; a name in the kernel's abstract namespace).
    case abstract(String)

    /// The reachable addresses of `text` (addresses separated by `;`, each a transport and
    /// `key=value` pairs with `%XX` escapes), in order; none for text that names none.
    package static func parse(_ text: String) -> [DBusAddress] {
        text.split(separator: ";").compactMap { entry in
            let parts = entry.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0] == "unix" else { return nil }
            var values: [String: String] = [:]
            for pair in parts[1].split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                guard kv.count == 2, let value = unescape(kv[1]) else { return nil }
                values[String(kv[0])] = value
            }
            if let path = values["path"], !path.isEmpty { return .path(path) }
            if let name = values["abstract"], !name.isEmpty { return .abstract(name) }
            return nil
        }
    }

    /// `text` with each `%XX` turned into its byte; nil when an escape is broken or the bytes
    /// are not UTF-8.
    private static func unescape(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
