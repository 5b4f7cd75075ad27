import CX11
import Glibc

/// What is typed into the password field must not end up in a core file, nor be readable by
/// another process of the same user through `/proc/PID/mem` or a debugger.
package enum CoreDumps {
    /// Makes the process not dumpable (`PR_SET_DUMPABLE` 0: no core file, no ptrace attach by
    /// other processes of the user) and sets the core size limit to 0. Returns whether both
    /// took effect.
    @discardableResult
    package static func forbid() -> Bool {
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        let limited = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit) == 0
        return tapaway_set_dumpable(0) == 0 && limited
    }
}
