import HummingbirdCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How many connections `docket serve` can hold open, given the process's file-descriptor limit.
///
/// Each connection is a descriptor; past the limit `accept` fails with EMFILE and every client,
/// `/healthz` included, waits. At start serve raises its soft `RLIMIT_NOFILE` as far as the hard
/// limit allows (what the configured connections need, plus a reserve for the spool, the
/// database, decoders and outbound HTTP), then caps the connections to what fits.
struct ConnectionBudget: Sendable, Equatable {
    /// `RLIM_INFINITY` (all bits set on Linux; the C macro does not import).
    static let unlimited = rlim_t.max

    /// Descriptors kept for everything that is not a client connection.
    static let reserve = 256

    /// Connections serve accepts at once.
    var connections: Int
    /// The soft descriptor limit after raising it.
    var descriptors: Int

    /// Raises the soft descriptor limit towards `wanted + reserve` (never above the hard limit, never lowering
    /// it) and returns the connections that fit under it.
    static func fit(_ wanted: Int) -> ConnectionBudget {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            return ConnectionBudget(connections: wanted, descriptors: -1)
        }
        let needed = rlim_t(wanted + reserve)
        if limit.rlim_cur < needed {
            var raised = limit
            raised.rlim_cur = limit.rlim_max == unlimited ? needed : min(needed, limit.rlim_max)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return fitting(wanted, softLimit: limit.rlim_cur)
    }

    /// The connections that fit under `softLimit` descriptors (at least 16, so a misconfigured limit still
    /// serves health checks).
    static func fitting(_ wanted: Int, softLimit: rlim_t) -> ConnectionBudget {
        let available = softLimit == unlimited ? wanted : Int(clamping: softLimit) - reserve
        return ConnectionBudget(connections: max(16, min(wanted, available)), descriptors: Int(clamping: softLimit))
    }
}

/// The connection limit Hummingbird applies (it stops accepting while this says no), reporting how many
/// connections are open (`docket_serve_connections`). Called on the server channel's event loop, as every
/// ``AvailableConnectionsDelegate`` is.
struct CountedConnections: AvailableConnectionsDelegate {
    let maximum: Int
    let report: @Sendable (Int) -> Void
    var open = 0

    init(maximum: Int, report: @escaping @Sendable (Int) -> Void) {
        self.maximum = maximum
        self.report = report
    }

    mutating func connectionOpened() {
        open += 1
        report(open)
    }

    mutating func connectionClosed() {
        open -= 1
        report(open)
    }

    func isAcceptingNewConnections() -> Bool { open < maximum }
}
