import FediCommands
import FoundationEssentials
import Glibc

// The only place live services are chosen (gh's factory): bind them, then run the command tree.
// libcurl is loaded by the first request, not here: --help, --version and completion never pay
// for it, and loading it on a thread of its own while the arguments are parsed saved nothing on
// two cores (the load and the parse fight over the address space; see bench/README.md).
let status = await Services.$current.withValue(LiveServices.make()) {
    await FedictlMain.run(Array(CommandLine.arguments.dropFirst()))
}
exit(status)
