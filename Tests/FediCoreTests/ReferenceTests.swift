import FediCore
import Testing

/// What a `-` reads from what the lists print, and which server each id goes to.
struct ReferenceTests {
    static let a = "127.0.0.1:3001", b = "127.0.0.1:3002"

    @Test func bareLinesAreIdsOrHandlesWithNoServer() throws {
        let read = try ReferenceReader.read("# picked by hand\n12\n\n@spam@bad.example\n")
        #expect(read.map(\.value) == ["12", "@spam@bad.example"])
        #expect(read.allSatisfy { $0.origin == nil })
        #expect(read.map(\.isHandle) == [false, true])
        #expect(read.map(\.line) == [2, 4])
    }

    @Test func aListsTSVNamesTheAccountFirstAndTheQueuesItsServerAndKind() throws {
        let list = try ReferenceReader.read("admin@\(Self.a)\t7\t2026-11-01T00:00:00Z\topen\nmod@\(Self.b)\t7\n")
        #expect(list.map(\.value) == ["7", "7"])
        #expect(list.map(\.server) == [Self.a, Self.b])
        let queue = try ReferenceReader.read("\(Self.a)\tsign-up\t99\t2026-11-01T00:00:00Z\n\(Self.b)\treport\t7\n")
        #expect(queue.map(\.value) == ["99", "7"])
        #expect(queue.map(\.kind) == [.signUp, .report])
        #expect(queue.map(\.server) == [Self.a, Self.b])
    }

    @Test func jsonNDJSONAndCSVAreReadByTheirKeys() throws {
        let json = try ReferenceReader.read(
            """
            [
              {"account" : "admin@\(Self.a)", "id" : "5", "state" : "open"},
              {"account" : "admin@\(Self.b)", "error" : {"message" : "down"}}
            ]
            """)
        #expect(json == [Reference(origin: "admin@\(Self.a)", value: "5", line: 1)])
        let ndjson = try ReferenceReader.read(
            "{\"server\":\"\(Self.b)\",\"kind\":\"report\",\"id\":\"8\"}\n{\"account\":\"x@\(Self.a)\",\"id\":9}\n")
        #expect(ndjson.map(\.value) == ["8", "9"])
        #expect(ndjson.map(\.server) == [Self.b, Self.a])
        #expect(ndjson.first?.kind == .report)
        let csv = try ReferenceReader.read("account,id,target\r\nadmin@\(Self.a),3,'@x@y.example\r\n")
        #expect(csv == [Reference(origin: "admin@\(Self.a)", value: "3", line: 2)])
    }

    @Test func unreadableInputIsADataError() {
        #expect(throws: FediError.self) { try ReferenceReader.read("{\"id\": \"1\"}\nnot json\n") }
        #expect(throws: FediError.self) { try ReferenceReader.read("[{\"account\": \"a@b\"}]") }
        do {
            _ = try ReferenceReader.read("[1, 2")
            Issue.record("a cut JSON array was read")
        } catch {
            #expect(error.status == .dataError)
        }
    }

    @Test func eachIdGoesToItsOwnServerAndHandlesToEvery() throws {
        let read = try ReferenceReader.read("admin@\(Self.a)\t7\nadmin@\(Self.b)\t8\n@spam@bad.example\n")
        let servers: Set = [Self.a, Self.b]
        #expect(
            try read.values(for: Self.a, among: servers, eachServer: false, takes: .report) == [
                "7", "@spam@bad.example",
            ])
        #expect(
            try read.values(for: Self.b, among: servers, eachServer: false, takes: .report) == [
                "8", "@spam@bad.example",
            ])
    }

    @Test func bareIdsOverSeveralServersAreRefusedUnlessEachServer() throws {
        let read = try ReferenceReader.read("7\n8\n")
        do {
            _ = try read.values(for: Self.a, among: [Self.a, Self.b], eachServer: false, takes: nil)
            Issue.record("bare ids went to two servers")
        } catch {
            #expect(error.status == .usage)
            #expect(error.message.contains("2 ids on stdin (7, …) name no server"))
            #expect(error.message.contains("\(Self.a), \(Self.b)"))
        }
        #expect(try read.values(for: Self.b, among: [Self.a, Self.b], eachServer: true, takes: nil) == ["7", "8"])
        #expect(try read.values(for: Self.a, among: [Self.a], eachServer: false, takes: nil) == ["7", "8"])
    }

    @Test func aServerNotSelectedOrAQueueLineOfTheOtherKindIsRefused() throws {
        let elsewhere = try ReferenceReader.read("admin@other.example\t7\n")
        do {
            _ = try elsewhere.values(for: Self.a, among: [Self.a], eachServer: false, takes: nil)
            Issue.record("an id read elsewhere was placed")
        } catch {
            #expect(error.status == .usage)
            #expect(error.hint?.contains("--account admin@other.example") == true)
        }
        let report = try ReferenceReader.read("\(Self.a)\treport\t7\n")
        do {
            _ = try report.values(for: Self.a, among: [Self.a], eachServer: false, takes: .signUp)
            Issue.record("a report's id was taken for an account's")
        } catch {
            #expect(error.status == .dataError)
            #expect(error.message.contains("is a report (7)"))
        }
    }
}
