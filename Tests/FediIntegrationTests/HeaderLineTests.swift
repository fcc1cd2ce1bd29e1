import Testing

@testable import FediHTTPCurl

/// Header lines as libcurl hands them to the header callback, read as bytes.
struct HeaderLineTests {
    static func read(_ line: String) -> CurlTransport.HeaderLine {
        var bytes = Array(line.utf8CString)  // its NUL not counted: libcurl passes a length
        return bytes.withUnsafeMutableBufferPointer { CurlTransport.HeaderLine($0.baseAddress!, $0.count - 1) }
    }

    static func describe(_ line: CurlTransport.HeaderLine) -> String {
        switch line {
        case .status(let code): "status \(code)"
        case .field(let name, let value): "field [\(name)] [\(value)]"
        case .end: "end"
        case .other: "other"
        }
    }

    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\n", "status 200"),
        ("HTTP/2 429 \r\n", "status 429"),
        ("HTTP/1.1  503  Service Unavailable\r\n", "status 503"),
        ("HTTP/1.1\r\n", "status 0"),
        ("HTTP/1.1 abc\r\n", "status 0"),
        ("Content-Type: application/json; charset=utf-8\r\n", "field [Content-Type] [application/json; charset=utf-8]"),
        (
            "Link:\t<https://a.example/?max_id=1>; rel=\"next\" \r\n",
            "field [Link] [<https://a.example/?max_id=1>; rel=\"next\"]"
        ),
        ("X-Empty:\r\n", "field [X-Empty] []"),
        ("X-Colons: a:b:c\r\n", "field [X-Colons] [a:b:c]"),
        ("X-Name: Zoë 🦣\r\n", "field [X-Name] [Zoë 🦣]"),
        ("\r\n", "end"),
        ("  \r\n", "end"),
        ("", "end"),
        ("continued line\r\n", "other"),
    ])
    func aLineIsReadAsItsParts(line: String, expected: String) {
        #expect(Self.describe(Self.read(line)) == expected)
    }
}
