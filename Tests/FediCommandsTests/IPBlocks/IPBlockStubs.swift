/// Mastodon IP blocks as the server answers them, shared by the ip-blocks verb tests.
enum IPBlockStubs {
    static func block(
        _ id: String, _ ip: String, severity: String = "sign_up_block", comment: String = "spam wave",
        expiresAt: String? = nil
    ) -> String {
        let expiry = expiresAt.map { #""\#($0)""# } ?? "null"
        return #"{"id": "\#(id)", "ip": "\#(ip)", "severity": "\#(severity)", "comment": "\#(comment)", "#
            + #""created_at": "2026-11-20T10:00:00.000Z", "expires_at": \#(expiry)}"#
    }
}
