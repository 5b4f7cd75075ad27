import CX11
import Glibc

/// What is typed into the password field must not end up in a core file, nor be readable by another
/// process of the same user through `/proc/PID/mem` or a debugger, while it is in memory.
///
/// The rest of the time a crash leaves a core file as any program's does (for systemd-coredump, apport
/// or a developer), and a debugger can attach.
package enum CoreDumps {
    /// The soft core size limit `forbid()` replaced, put back by `allow()`.
    nonisolated(unsafe) private static var savedSoftLimit: rlim_t?

    /// Makes the process not dumpable (`PR_SET_DUMPABLE` 0: no core file, no ptrace attach by other
    /// processes of the user) and sets the soft core size limit to 0, which systemd-coredump also
    /// honours (the hard limit stays, so `allow()` can restore it).
    ///
    /// Returns whether both took effect.
    @discardableResult
    package static func forbid() -> Bool {
        var limit = rlimit()
        var limited = getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit) == 0
        if limited {
            if savedSoftLimit == nil { savedSoftLimit = limit.rlim_cur }
            limit.rlim_cur = 0
            limited = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit) == 0
        }
        return tapaway_set_dumpable(0) == 0 && limited
    }

    /// Undoes `forbid()`: the process is dumpable again and the soft core size limit is what it was
    /// before.
    ///
    /// Returns whether both took effect.
    @discardableResult
    package static func allow() -> Bool {
        var restored = true
        if let soft = savedSoftLimit {
            var limit = rlimit()
            restored = getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit) == 0
            if restored {
                limit.rlim_cur = min(soft, limit.rlim_max)
                restored = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit) == 0
            }
            if restored { savedSoftLimit = nil }
        }
        return tapaway_set_dumpable(1) == 0 && restored
    }

    /// Whether the kernel would write a core file for the process now (`PR_GET_DUMPABLE`), as
    /// it says, not as `forbid()` and `allow()` were last asked.
    package static var areAllowed: Bool { tapaway_get_dumpable() == 1 }
}
