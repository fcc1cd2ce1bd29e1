/// Mastodon admin domain blocks as the server lists them, shared by the domain-blocks verb tests.
enum DomainBlockStubs {
    static func block(
        _ id: String, _ domain: String, severity: String = "suspend", media: Bool = false, comment: String = ""
    ) -> String {
        #"{"id": "\#(id)", "domain": "\#(domain)", "severity": "\#(severity)", "reject_media": \#(media), "reject_reports": false, "#
            + #""public_comment": "\#(comment)", "private_comment": null, "obfuscate": false, "created_at": "2026-11-20T10:00:00.000Z"}"#
    }

    /// Two blocks: spam.example suspended, noisy.example silenced with media rejected.
    static let two =
        "[" + block("1", "spam.example", comment: "Spam") + ", "
        + block("2", "noisy.example", severity: "silence", media: true) + "]"
}
