import Dispatch
import FediCommands
import FediHTTPCurl
import FoundationEssentials
import Glibc
import Synchronization

let arguments = Array(CommandLine.arguments.dropFirst())
LiveServices.limitMallocArenas()
LiveServices.adoptUserBus()
// libcurl starts loading first thing, on a thread of its own, unless the run never goes to the
// network: --help, --version, or a completion request from the shell. On two cores this takes
// about a millisecond off a cached `instance info` and adds one of CPU (bench/README.md).
let preloads = !arguments.contains { $0 == "--help" || $0 == "-h" || $0 == "--version" || $0.hasPrefix("---") }
if preloads { CurlTransport.preloadInBackground() }
// The command runs as a task while this thread waits for it: an async top level would hand this
// thread to dispatch_main, whose pthread_exit unwinds it through the binary's unwind tables,
// reading 800 KB of them into memory on every run.
let status = Mutex<Int32>(0)
let finished = DispatchSemaphore(value: 0)
Task.detached {
    // The only place live services are chosen (gh's factory): bind them, then run the command tree.
    let outcome = await Services.$current.withValue(LiveServices.make()) {
        await FedictlMain.run(arguments)
    }
    status.withLock { $0 = outcome }
    finished.signal()
}
finished.wait()
if preloads { CurlTransport.finishPreload() }
exit(status.withLock { $0 })
