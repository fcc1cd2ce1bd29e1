import ArgumentParser
import FoundationEssentials

/// `fedictl completion bash|zsh|fish`: the completion script, generated from the command tree.
public struct Completion: FediCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
        The script is generated from this fedictl's commands, so it always matches the binary. Account ids \
        and aliases and pinned timelines complete from the config file, --fields names and formats from the \
        commands: completing never asks a server or the keyring. make install puts the scripts where each \
        shell looks for them; to load one by hand, write it to the shell's completion directory.

        Examples:
          $ source <(fedictl completion bash)
          $ fedictl completion bash > ~/.local/share/bash-completion/completions/fedictl
          $ fedictl completion zsh > ~/.zfunc/_fedictl
          $ fedictl completion fish > ~/.config/fish/completions/fedictl.fish
        """)

    @OptionGroup(visibility: .hidden) public var globals: GlobalOptions

    @Argument(help: "The shell: bash, zsh or fish.")
    public var shell: Shell

    public enum Shell: String, CaseIterable, ExpressibleByArgument, Sendable {
        case bash, zsh, fish

        /// The script for this shell, exactly as `fedictl completion <shell>` prints it.
        public var script: String {
            Fedictl.completionScript(for: CompletionShell(rawValue: rawValue)!)
        }

        /// Where the committed copy lives in the repository (and what `make generate` writes).
        public var committedPath: String {
            switch self {
            case .bash: "Completions/fedictl.bash"
            case .zsh: "Completions/_fedictl"
            case .fish: "Completions/fedictl.fish"
            }
        }
    }

    public func run(in ctx: CommandContext) async throws {
        ctx.output.raw(Data(shell.script.utf8))
    }
}
