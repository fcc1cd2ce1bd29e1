import FoundationEssentials
import Glibc

/// The process's standard streams by descriptor (FileHandle is in full Foundation only).
public enum StandardStream {
    /// Writes all of `text`, retrying short and interrupted writes and waiting out a non-blocking
    /// descriptor that is full; a closed stream drops the rest.
    public static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
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
    }

    /// Everything on `descriptor` up to end of input.
    public static func readAll(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { data.append(contentsOf: buffer[..<count]) } else if count < 0, errno == EINTR { continue } else { break }
        }
        return data
    }
}
