import CX11

/// Encodes 8-bit RGB PNG files: chunks by hand, compression and checksums from zlib.
enum PNGWriter {
    /// Encodes `rgb` (`width * height * 3` bytes, rows top to bottom) as a PNG file.
    static func encode(rgb: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        precondition(rgb.count == width * height * 3)
        // Each row: a filter byte, then the row. "Up" (2) suits flat interfaces well.
        let stride = width * 3
        var raw = [UInt8](repeating: 0, count: height * (stride + 1))
        rgb.withUnsafeBufferPointer { source in
            raw.withUnsafeMutableBufferPointer { target in
                for row in 0..<height {
                    let out = row * (stride + 1)
                    let line = row * stride
                    if row == 0 {
                        target[out] = 0
                        for i in 0..<stride { target[out + 1 + i] = source[line + i] }
                    } else {
                        target[out] = 2
                        let above = line - stride
                        for i in 0..<stride { target[out + 1 + i] = source[line + i] &- source[above + i] }
                    }
                }
            }
        }
        var compressedLength = compressBound(UInt(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compress2(&compressed, &compressedLength, raw, UInt(raw.count), 6)
        guard status == Z_OK else { throw X11Error("cannot compress the screenshot (zlib status \(status))") }
        compressed.removeSubrange(Int(compressedLength)...)

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [8, 2, 0, 0, 0]  // bit depth 8, colour type RGB, deflate, adaptive filters, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", compressed, to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &png)
        let typed = Array(type.utf8) + data
        png += typed
        let crc = typed.withUnsafeBufferPointer { crc32(crc32(0, nil, 0), $0.baseAddress, UInt32($0.count)) }
        appendBigEndian(UInt32(truncatingIfNeeded: crc), to: &png)
    }
}
