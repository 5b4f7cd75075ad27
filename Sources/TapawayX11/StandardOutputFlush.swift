import CX11

/// C's buffered standard output, which swift-argument-parser's help and version text go
/// through, flushed and checked: the one place outside the X calls that needs the C module.
package enum StandardOutputFlush {
    /// Flushes C's `stdout` and says how it went: 0 when all went well, else the `errno` of the
    /// failure (EIO when there is none).
    package static func flushError() -> Int32 { tapaway_standard_output_error() }
}
