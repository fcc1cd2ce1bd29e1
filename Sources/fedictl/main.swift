import FediCommands
import FediHTTPCurl
import Foundation

// The only place live services are chosen (gh's factory): bind them, then run the command tree.
CurlTransport.globalInit()
let status = await Services.$current.withValue(LiveServices.make()) {
    await FedictlMain.run(Array(CommandLine.arguments.dropFirst()))
}
exit(status)
