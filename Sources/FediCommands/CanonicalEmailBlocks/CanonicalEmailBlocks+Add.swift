import ArgumentParser
import FediCore

extension CanonicalEmailBlocks {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Block an e-mail address (or a canonical hash) from signing up.",
            discussion: """
                Give the address (the server hashes its canonical form) or --hash with a SHA-256 hex digest.

                Examples:
                  $ fedictl canonical-email-blocks add j.doe+spam@example.com
                  $ fedictl canonical-email-blocks add --hash a8af8341993604f29cd4e0e5a5a4b5d48c575436c38b28abbfd7d481f345d5db
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The e-mail address.", valueName: "email"))
        public var email: String?

        @Option(help: ArgumentHelp("A canonical hash (64 hex digits) instead of an address.", valueName: "sha256"))
        public var hash: String?

        public func validate() throws {
            guard (email == nil) != (hash == nil) else {
                throw ValidationError("give an e-mail address or --hash, not both")
            }
            if let email, !email.contains("@") { throw ValidationError("'\(email)' is not an e-mail address") }
            if let hash, hash.count != 64 || !hash.allSatisfy(\.isHexDigit) {
                throw ValidationError("--hash must be a SHA-256 hex digest (64 hex digits)")
            }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: CanonicalEmailBlock.self)
            try await ctx.with(.canonicalEmailBlocks(.canonicalEmailBlocksAdd)) { client in
                let created = try await client.createCanonicalEmailBlock(email: email, hash: hash?.lowercased())
                ctx.status(
                    "Blocked \(email ?? "the address") (canonical hash \(created.canonicalEmailHash.prefix(12))…).")
                try ctx.output.item(created)
            }
        }
    }
}

extension CanonicalEmailBlocks.Add: JournaledCommand {
    public var journalTarget: String? { email ?? hash }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        createdID.map { ["canonical-email-blocks", "remove", $0] }
    }
}
