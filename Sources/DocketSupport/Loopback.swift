/// Whether `host` (a name or an address; IPv6 with or without brackets) is this machine's loopback, which only
/// this machine reaches.
public func isLoopbackHost(_ host: String) -> Bool {
    host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
}
