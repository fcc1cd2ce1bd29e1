import FoundationEssentials
import Glibc

/// The process's standard streams by descriptor (FileHandle is in full Foundation only).
public enum StandardStream {
    /// Writes all of `text`, retrying short and interrupted writes and waiting out a non-blocking
    /// descriptor that is full; a closed stream drops the rest.
    public static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// The same for bytes already encoded (a page of a JSON list).
    public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            } else {
                return
            }
        }
    }

    /// Everything on `descriptor` up to end of input, or `InputTooLarge` as soon as more than `limit`
    /// bytes came: the cap holds while reading, so an endless stream (`yes | fedictl …`) costs at most
    /// `limit` bytes of memory, never all of it.
    public static func readAll(_ descriptor: Int32, limit: Int = BoundedInput.maxBytes) throws(InputTooLarge) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                guard data.count + count <= limit else { throw InputTooLarge(limit: limit) }
                data.append(contentsOf: buffer[..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        return data
    }
}

extension StandardStream {
    /// One line from `descriptor` without its line break (nil at end of input), at most `limit` bytes:
    /// a line that never ends (`fedictl … < /dev/zero`) is cut there. Byte by byte, so nothing past
    /// the line is taken from the stream.
    public static func readLine(_ descriptor: Int32, limit: Int = 64 << 10) -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < limit {
            let count = Glibc.read(descriptor, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }
}

/// More input than fedictl reads from one stream.
public struct InputTooLarge: Error, Equatable {
    public var limit: Int
}

/// The one way fedictl reads stdin and local files (blocklists, configs, tokens): at most `maxBytes`.
public enum BoundedInput {
    /// Ten times a large shared blocklist, far below what would hurt.
    public static let maxBytes = 32 << 20

    /// Exit 65: `source` (a path, or "stdin") holds more than `maxBytes`.
    public static func tooLarge(_ source: String, limit: Int = maxBytes) -> FediError {
        let size = "\(limit >> 20) MiB"
        return FediError(
            .dataError,
            "\(source) is larger than \(size): fedictl stopped reading there and used none of it",
            hint: "fedictl reads at most \(size) from a file or stdin; is it the input you meant?")
    }

    /// The bytes of the file at `path`: a regular file larger than `limit` is refused unread, anything
    /// else (a pipe, `/dev/zero`, a FIFO) is read up to the cap. Missing or unreadable: exit 66.
    public static func readFile(_ path: String, limit: Int = maxBytes, hint: String? = nil) throws -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw FediError(
                .noInput, "cannot read \(path): \(reason)",
                hint: hint ?? "check the path and its permissions")
        }
        defer { close(descriptor) }
        var facts = stat()
        if fstat(descriptor, &facts) == 0 {
            let type = facts.st_mode & S_IFMT
            if type == S_IFDIR {
                throw FediError(.noInput, "cannot read \(path): it is a directory", hint: hint ?? "name a file")
            }
            if type == S_IFREG, facts.st_size > limit { throw tooLarge(path, limit: limit) }
        }
        do {
            return try StandardStream.readAll(descriptor, limit: limit)
        } catch {
            throw tooLarge(path, limit: limit)
        }
    }
}
