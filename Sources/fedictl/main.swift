import FediCommands
import Foundation

// The only place live services are chosen (gh's factory): bind them, then run the command tree.
let status = await Services.$current.withValue(LiveServices.make()) {
    await FedictlMain.run(Array(CommandLine.arguments.dropFirst()))
}
exit(status)
