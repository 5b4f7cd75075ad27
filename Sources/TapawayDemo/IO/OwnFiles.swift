import Glibc

/// The one rule for the files Tapaway writes whole (settings, state, the font-match cache,
/// screenshots) and the files it creates new (recordings and screenshots in the data or
/// pictures folder).
///
/// A file is written whole by writing a temporary file beside it and renaming that over the
/// path, and only where the path holds nothing or a regular file of this user's: never a
/// symbolic link (whatever it points at), a device, a FIFO, a socket or a directory, and
/// nothing is ever written through a link. A new file is created exclusively
/// (`O_CREAT | O_EXCL`, which also refuses a link standing at the name), trying `base.ext`,
/// then `base-2.ext`, `base-3.ext`, …, so two programs asking for a name in the same second
/// get two files.
extension FileIO {
    /// A file that could not be written or created: one line saying which and why.
    package struct WriteFailure: Error, CustomStringConvertible, Equatable, Sendable {
        /// What went wrong, as one line.
        package let message: String
        /// Creates a failure with `message`.
        package init(_ message: String) { self.message = message }
        /// The message, one line naming the path and why the program will not write there.
        package var description: String { message }
    }

    /// A file just created by `createNewFile(in:base:extension:mode:)`: its path and an open
    /// descriptor (close-on-exec, blocking), which the caller closes.
    package struct NewFile: Sendable {
        /// Where the file was created.
        package let path: String
        /// The descriptor open for writing on it.
        package let descriptor: Int32
    }

    /// How many names `createNewFile` tries (`base.ext`, then `base-2.ext` to
    /// `base-<limit>.ext`) before giving up: enough for any same-second burst, and a bound on a
    /// directory filled with names on purpose.
    package static let newFileNameLimit = 10_000

    /// Why the path must not be replaced, or nil when it may be: it does not exist, or it is a regular
    /// file owned by this user.
    ///
    /// A symbolic link is refused whatever it points at (its target is someone's file, and the link
    /// itself is the user's choice).
    package static func replacementRefusal(_ path: String) -> WriteFailure? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return nil }
            return WriteFailure("cannot write \(path): \(describe(code))")
        }
        let kept = "it is left as it is"
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard info.st_uid == geteuid() else {
                return WriteFailure("cannot write \(path): it belongs to another user; \(kept)")
            }
            return nil
        case S_IFLNK:
            return WriteFailure(
                "cannot write \(path): it is a symbolic link, which Tapaway neither replaces nor writes through; \(kept)")
        case S_IFDIR:
            return WriteFailure("cannot write \(path): it is a directory, not a file")
        default:
            return WriteFailure("cannot write \(path): it is not a regular file (a FIFO, a device or a socket); \(kept)")
        }
    }

    /// Replaces the file at `target` with `bytes`: they go to a new temporary file beside it (flushed
    /// to the disk when `durable`), which is renamed to `target` (and the directory flushed, when
    /// `durable`).
    ///
    /// The file is private (0600) unless `shared`, when it is as readable as the umask lets new files
    /// be.
    ///
    /// - Throws: `WriteFailure`, with `target` left as it was, when `target` is not a regular
    ///   file of ours (`replacementRefusal(_:)`, checked before writing and again just before
    ///   the rename) or the temporary file cannot be written, flushed or renamed (it is then
    ///   removed).
    package static func replaceFile(
        _ target: String, with bytes: [UInt8], durable: Bool = true, shared: Bool = false
    ) throws(WriteFailure) {
        if let refusal = replacementRefusal(target) { throw refusal }
        let directory = XDGPaths.parent(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? "file"
        var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw WriteFailure("cannot write in \(directory): \(describe(errno))")
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        func fail(_ what: String, _ code: Int32) -> WriteFailure {
            unlink(temporary)
            return WriteFailure("cannot write \(target): \(what) failed: \(describe(code))")
        }
        if shared {
            // mkstemp makes the file private; a picture is as readable as the umask lets files be.
            let mask = umask(0o022)
            umask(mask)
            fchmod(fd, 0o666 & ~mask)
        }
        if case .failed(let code, _) = bytes.withUnsafeBytes({ write($0, to: fd) }) {
            close(fd)
            throw fail("write", code)
        }
        if durable && fsync(fd) != 0 {
            let code = errno
            close(fd)
            throw fail("fsync", code)
        }
        if close(fd) != 0 { throw fail("close", errno) }
        // What stood at the target may have changed while the bytes were written.
        if let refusal = replacementRefusal(target) {
            unlink(temporary)
            throw refusal
        }
        if rename(temporary, target) != 0 { throw fail("rename", errno) }
        guard durable else { return }

        // Make the rename itself durable.
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Creates a new file `directory/base.ext`, or `directory/base-N.ext` with the smallest
    /// N ≥ 2 whose creation succeeds, exclusively (`O_CREAT | O_EXCL`: a name taken by anything,
    /// a dangling link included, is passed over, never opened), with `mode` less the umask.
    ///
    /// - Throws: `WriteFailure` when the directory refuses the file, or when every name up to
    ///   `newFileNameLimit` is taken.
    package static func createNewFile(
        in directory: String, base: String, extension ext: String, mode: mode_t = 0o644
    ) throws(WriteFailure) -> NewFile {
        var n = 1
        while n <= newFileNameLimit {
            let path = n == 1 ? "\(directory)/\(base).\(ext)" : "\(directory)/\(base)-\(n).\(ext)"
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW, mode)
            if fd >= 0 { return NewFile(path: path, descriptor: fd) }
            let code = errno
            if code == EINTR { continue }  // the same name again
            guard code == EEXIST else { throw WriteFailure("cannot create \(path): \(describe(code))") }
            n += 1
        }
        throw WriteFailure(
            "cannot create a new file in \(directory): \(base).\(ext) and its \(newFileNameLimit - 1) numbered names are all taken"
        )
    }

    /// Creates a new file as `createNewFile(in:base:extension:mode:)` does and writes `bytes` into it;
    /// returns its path.
    ///
    /// A file that cannot be written whole is removed.
    package static func writeNewFile(
        _ bytes: [UInt8], in directory: String, base: String, extension ext: String, mode: mode_t = 0o644
    ) throws(WriteFailure) -> String {
        let file = try createNewFile(in: directory, base: base, extension: ext, mode: mode)
        let result = bytes.withUnsafeBytes { write($0, to: file.descriptor) }
        let closed = close(file.descriptor) == 0 ? 0 : errno
        if case .failed(let code, _) = result {
            unlink(file.path)
            throw WriteFailure("cannot write \(file.path): \(describe(code))")
        }
        if closed != 0 {
            unlink(file.path)
            throw WriteFailure("cannot write \(file.path): \(describe(closed))")
        }
        return file.path
    }
}
