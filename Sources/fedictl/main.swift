import FediCommands
import FediHTTPCurl
import FoundationEssentials
import Glibc

let arguments = Array(CommandLine.arguments.dropFirst())
LiveServices.adoptUserBus()
// libcurl starts loading first thing, on a thread of its own, unless the run never goes to the
// network: --help, --version, or a completion request from the shell. On two cores this takes
// about a millisecond off a cached `instance info` and adds one of CPU (bench/README.md).
let preloads = !arguments.contains { $0 == "--help" || $0 == "-h" || $0 == "--version" || $0.hasPrefix("---") }
if preloads { CurlTransport.preloadInBackground() }
// The only place live services are chosen (gh's factory): bind them, then run the command tree.
let status = await Services.$current.withValue(LiveServices.make()) {
    await FedictlMain.run(arguments)
}
if preloads { CurlTransport.finishPreload() }
exit(status)
