import ArgumentParser
import Foundation
import Testing

@testable import FediCommands

/// What swift-argument-parser checks of the command tree only in a debug build: the tests run a
/// build without DEBUG (the Makefile's TEST_BUILD), so these checks stand in for its validators.
struct CommandTreeTests {
    /// Every command of the tree with its path, from the parser's own description of it.
    static func commands() throws -> [(path: String, arguments: [[String: Any]])] {
        let dump = try JSONSerialization.jsonObject(with: Data(Fedictl._dumpHelp().utf8)) as? [String: Any]
        var found: [(String, [[String: Any]])] = []
        func walk(_ node: [String: Any], _ path: String) {
            found.append((path, node["arguments"] as? [[String: Any]] ?? []))
            for sub in node["subcommands"] as? [[String: Any]] ?? [] {
                walk(sub, path + " " + (sub["commandName"] as? String ?? "?"))
            }
        }
        walk(try #require(dump?["command"] as? [String: Any]), "fedictl")
        return found
    }

    static func names(_ argument: [String: Any]) -> [String] {
        (argument["names"] as? [[String: Any]] ?? []).compactMap { name in
            guard let text = name["name"] as? String, let kind = name["kind"] as? String else { return nil }
            return kind == "short" ? "-\(text)" : "--\(text)"
        }
    }

    /// Two options or flags of one command (its own, or the global ones it takes in) answering to the
    /// same name: the parser would take the first and the second could never be set.
    @Test func noCommandHasTwoArgumentsOfOneName() throws {
        let commands = try Self.commands()
        #expect(commands.count > 100)
        // `help` is swift-argument-parser's own command, which lists --help as its flag and as the built-in one.
        for (path, arguments) in commands where path != "fedictl help" {
            var seen: [String: Int] = [:]
            for name in arguments.flatMap(Self.names) { seen[name, default: 0] += 1 }
            let twice = seen.filter { $0.value > 1 }.keys.sorted()
            #expect(twice.isEmpty, "\(path): \(twice.joined(separator: ", ")) named twice")
        }
    }

    /// A repeating positional takes every word after it: only the last positional may repeat.
    @Test func onlyTheLastPositionalRepeats() throws {
        for (path, arguments) in try Self.commands() {
            let positionals = arguments.filter { $0["kind"] as? String == "positional" }
            let repeating = positionals.dropLast().filter { $0["isRepeating"] as? Bool == true }
            #expect(repeating.isEmpty, "\(path): a repeating positional before the last")
        }
    }

    /// A run that names its noun first is parsed against that branch alone (`Fedictl.branch`): for
    /// every command, asking its help and a flag it lacks, and for every noun, no more words and a
    /// word it does not know, end exactly as they do against the whole tree.
    @Test func aParseLimitedToItsBranchEndsAsTheWholeTreeDoes() throws {
        var compared = 0
        for (path, _) in try Self.commands() where path != "fedictl" && path != "fedictl help" {
            let words = path.split(separator: " ").dropFirst().map(String.init)
            let nouns = words.count == 1 ? [words, words + ["no-such-word"]] : []
            // A global option after the verb (the verb's group takes it, `Fedictl.Branch`), and
            // between the noun and the verb (only the root's group can).
            let options = [words + ["-o", "json", "--no-such-flag"], [words[0], "-o", "json"] + words.dropFirst()]
            for arguments in [words + ["--help"], words + ["--no-such-flag"]] + nouns + options {
                let branch = Fedictl.branch(namedBy: arguments)
                #expect(branch != nil, "\(path): names no branch")
                #expect(Self.outcome(arguments, branch: branch) == Self.outcome(arguments, branch: nil), "\(arguments)")
                compared += 1
            }
        }
        #expect(compared > 300)
        #expect(Fedictl.branch(namedBy: ["--account", "a@b.example", "instance", "info"]) == nil)
        #expect(Fedictl.branch(namedBy: ["help", "instance"]) == nil)
    }

    /// The branch table names each noun by the word that reaches it, and no noun has an alias it
    /// would miss. (The table is the tree's list of nouns: the completion scripts and the man page,
    /// checked current, see a noun missing from it.)
    @Test func theBranchTableNamesEachNounAsTheParserDoes() {
        for noun in Fedictl.nouns {
            let command = noun.command()
            let name = command._commandName
            let aliases = command.configuration.aliases
            #expect(name == noun.name)
            #expect(aliases.isEmpty, "\(noun.name) has an alias")
        }
    }

    /// A command's journal name is its path whether the run's first word names its noun, another
    /// noun (a `log undo` journals the command it runs) or none.
    @Test func everyCommandIsNamedByItsPath() {
        func walk(_ node: any ParsableCommand.Type, _ path: [String]) -> [(any ParsableCommand.Type, String)] {
            node.configuration.subcommands.flatMap { child in
                let childPath = path + [child._commandName]
                return [(child, childPath.joined(separator: " "))] + walk(child, childPath)
            }
        }
        let commands = walk(Fedictl.self, [])
        #expect(commands.count > 100)
        for (command, path) in commands {
            let words = path.split(separator: " ").map(String.init)
            for arguments in [words, [], ["log", "undo", "1"], ["--account", "a@b.example"] + words] {
                #expect(CommandPath.name(of: command, arguments: arguments) == path, "\(arguments)")
            }
        }
    }

    /// Words that name a verb before any option are parsed from the root without global options
    /// (`Fedictl.Branch`); any other words from the root with them.
    @Test func wordsNamingTheVerbFirstAreParsedFromTheBranchAlone() throws {
        func leaves(_ node: any ParsableCommand.Type, _ path: [String]) -> [[String]] {
            let subcommands = node.configuration.subcommands
            if subcommands.isEmpty { return [path] }
            return subcommands.flatMap { leaves($0, path + [$0._commandName]) }
        }
        var verbs = 0
        for (index, noun) in Fedictl.nouns.enumerated() {
            let type = noun.command()
            for words in leaves(type, [noun.name]) where words.count > 1 {
                #expect(Fedictl.namesVerbFirst(words + ["--help"], under: type), "\(words)")
                #expect(Fedictl.namesVerbFirst(words, under: type), "\(words)")
                #expect(!Fedictl.namesVerbFirst([words[0], "-o", "json"] + words.dropFirst(), under: type))
                #expect(Fedictl.branch(namedBy: words) == index)
                verbs += 1
            }
            // A noun that is its own verb (`queue`, `signup`) names it with its first word.
            let isVerb = type.configuration.subcommands.isEmpty
            #expect(Fedictl.namesVerbFirst([noun.name], under: type) == isVerb, "\(noun.name)")
            #expect(Fedictl.namesVerbFirst([noun.name, "no-such-word"], under: type) == isVerb, "\(noun.name)")
        }
        #expect(verbs > 100)
        // Aliases name their verb too.
        let domainBlocks = try #require(Fedictl.branch(namedBy: ["domain-blocks"]))
        #expect(Fedictl.namesVerbFirst(["domain-blocks", "ls"], under: Fedictl.nouns[domainBlocks].command()))
    }

    /// Every verb that journals its writes hands the journal its facts (target, before and after,
    /// undo): each verb's answer is picked when compiled, and this checks it against a cast.
    @Test func everyJournaledVerbGivesTheJournalItsFacts() {
        func walk(_ node: any ParsableCommand.Type) -> [any ParsableCommand.Type] {
            node.configuration.subcommands.flatMap { [$0] + walk($0) }
        }
        var journaled = 0
        for type in walk(Fedictl.self) {
            let command = type.init()
            guard let verb = command as? any FediCommand else { continue }
            #expect((verb.journalFacts != nil) == (command is any JournaledCommand), "\(type)")
            if verb.journalFacts != nil { journaled += 1 }
        }
        #expect(journaled >= 20)
    }

    /// How a parse ends: the command it makes, or the status and message the user would see
    /// (worded outside the limited parse, as `FedictlMain` words them).
    static func outcome(_ arguments: [String], branch: Int?) -> String {
        do {
            let command = try Fedictl.parse(arguments, branch: branch)
            let output = (command as? any FediCommand)?.globals.output?.rawValue ?? "-"
            return "parsed \(type(of: command)) -o \(output)"
        } catch {
            return "\(Fedictl.exitCode(for: error).rawValue) \(Fedictl.fullMessage(for: error))"
        }
    }
}
