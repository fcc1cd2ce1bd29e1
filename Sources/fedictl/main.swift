import FediCommands
import FediHTTPCurl
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
// libcurl loads while the arguments are parsed and the config read, unless the run is one that
// never goes to the network: --help, --version, or a completion request from the shell.
let preloads = !arguments.contains { $0 == "--help" || $0 == "-h" || $0 == "--version" || $0.hasPrefix("---") }
// The only place live services are chosen (gh's factory): bind them, then run the command tree.
let status = await Services.$current.withValue(LiveServices.make()) {
    // Started here, once the async runtime's threads exist: a load racing their creation stalls both.
    if preloads { CurlTransport.preloadInBackground() }
    return await FedictlMain.run(arguments)
}
if preloads { CurlTransport.finishPreload() }
exit(status)
