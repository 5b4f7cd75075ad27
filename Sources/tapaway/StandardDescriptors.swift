import Glibc

/// Standard input, output and error guarded at start-up.
///
/// Launched with one of them closed (`tapaway >&-`), the next file opened would take its
/// number: the X connection or the trace file would become "standard output", and messages
/// meant for the terminal would go into the X protocol or the trace. So before anything else
/// opens a file, each closed one of descriptors 0, 1 and 2 is opened on `/dev/null`.
enum StandardDescriptors {
    /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed.
    ///
    /// Call it first.
    static func guardClosed() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // The lowest free number is `fd` itself, the ones below it being open by now.
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != fd {
                _ = dup2(opened, fd)
                close(opened)
            }
        }
    }
}
