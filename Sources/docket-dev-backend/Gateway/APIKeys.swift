import Foundation

/// The project's four API keys (Supabase's legacy JWT keys and the new opaque ones), all derived
/// from the JWT secret so that restarting the backend with the same secret gives the same keys.
struct APIKeys: Sendable {
    /// What an `apikey` is.
    enum Kind: Sendable, Equatable {
        /// Legacy `anon` JWT.
        case anon
        /// Legacy `service_role` JWT.
        case serviceRole
        /// `sb_publishable_…`: acts as anon.
        case publishable
        /// `sb_secret_…`: acts as service_role.
        case secret

        /// The database role the key stands for.
        var role: String {
            switch self {
            case .anon, .publishable: "anon"
            case .serviceRole, .secret: "service_role"
            }
        }

        /// Whether the key has service-role privileges.
        var isServiceRole: Bool { self.role == "service_role" }
    }

    /// Legacy anon key: HS256 JWT `{"iss":"supabase","ref":…,"role":"anon",…}`.
    let anon: String
    /// Legacy service-role key: HS256 JWT with `"role":"service_role"`.
    let serviceRole: String
    /// `sb_publishable_…` key.
    let publishable: String
    /// `sb_secret_…` key.
    let secret: String

    /// Fixed times, so the keys depend on the secret and the project reference only.
    private static let issuedAt: Int64 = 1_735_689_600  // 2025-01-01
    private static let expiresAt: Int64 = 2_051_222_400  // 2035-01-01

    /// Derives the keys from the secret held by `tokens`.
    static func derive(tokens: TokenService, projectRef: String) async throws -> APIKeys {
        func legacy(_ role: String) async throws -> String {
            try await tokens.sign([
                "iss": .string("supabase"), "ref": .string(projectRef), "role": .string(role),
                "iat": .int(Self.issuedAt), "exp": .int(Self.expiresAt),
            ])
        }
        func opaque(_ purpose: String) async throws -> String {
            let token = try await tokens.sign(["purpose": .string(purpose), "ref": .string(projectRef)])
            let signature = token.split(separator: ".").last.map(String.init) ?? ""
            return String(signature.prefix(32))
        }
        return APIKeys(
            anon: try await legacy("anon"),
            serviceRole: try await legacy("service_role"),
            publishable: "sb_publishable_" + (try await opaque("publishable")),
            secret: "sb_secret_" + (try await opaque("secret"))
        )
    }

    /// Which key `key` is; nil for an unknown key.
    func kind(of key: String) -> Kind? {
        switch key {
        case self.anon: .anon
        case self.serviceRole: .serviceRole
        case self.publishable: .publishable
        case self.secret: .secret
        default: nil
        }
    }

    /// The JWT the gateway puts in `Authorization` for a request that carries no user token.
    func roleToken(for kind: Kind) -> String {
        kind.isServiceRole ? self.serviceRole : self.anon
    }
}
