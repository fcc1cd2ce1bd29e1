import ArgumentParser

extension Instance {
    /// `fedictl instance rules [list|add|update|remove]`: alone, it lists.
    public struct Rules: AsyncParsableCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "rules",
            abstract: "List a server's rules, or change them where the software has an API for it.",
            discussion: """
                `instance rules` alone lists them (no login needed). add, update and remove need an admin \
                login on GoToSocial, the only software with an API for them; elsewhere they are refused \
                (exit 69) naming the software.
                """,
            subcommands: [List.self, Add.self, Update.self, Remove.self],
            defaultSubcommand: List.self)
    }
}
