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

    public static let traits = VerbTraits(.own, .reads)

    @OptionGroup(visibility: .hidden) public var globals: GlobalOptions

    @Argument(help: "The shell: bash, zsh or fish.")
    public var shell: Shell

    public enum Shell: String, CaseIterable, ExpressibleByArgument, Sendable {
        case bash, zsh, fish

        /// The script for this shell, exactly as `fedictl completion <shell>` prints it.
        public var script: String {
            let generated = Fedictl.completionScript(for: CompletionShell(rawValue: rawValue)!)
            return self == .fish ? Self.gatedFish(generated) : generated
        }

        /// fish evaluates the condition of every one of the script's ~3,400 `complete` lines on each
        /// <TAB>, and each condition parses the whole command line again: 10 s for one completion.
        /// The gate parses it once per command line and lets only the lines of the command being
        /// typed go on to their own (unchanged) parse: 2 s. It reads the line through a pipe, as a
        /// command substitution there costs fish 1.6 ms each time.
        static func gatedFish(_ script: String) -> String {
            let gate =
                "    __fedictl_typed_commands\n    test \"$__fedictl_typed\" = \"$expected_commands\"; or return 1\n"
            var script = script
            for header in [
                "function __fedictl_should_offer_completions_for_flags_or_options -a expected_commands\n",
                "function __fedictl_should_offer_completions_for_positional -a expected_commands "
                    + "positional_index_comparison expected_positional_index\n",
            ] {
                script = script.replacing(header, with: header + gate)
            }
            return script + """

                function __fedictl_typed_commands
                    commandline -pc | read -lz line
                    test "$line" = "$__fedictl_typed_line"; and set -q __fedictl_typed; and return
                    set -l non_repeating_flags_or_options
                    set -l non_repeating_flags_or_options_absent 0
                    set -l positional_index 0
                    set -l commands
                    __fedictl_parse_tokens
                    set -g __fedictl_typed_line "$line"
                    set -g __fedictl_typed "$commands"
                end

                """
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
