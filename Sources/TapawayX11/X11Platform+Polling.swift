import CX11
import Glibc
import TapawayKit

/// The other descriptors the run loop waits on beside the X connection: outputs it writes when
/// they take more (the trace), inputs it reads (the accessibility bus), and the signal pipe.
extension X11Platform {
    /// Has the loop also wait, while `output` lives, for its descriptor to take the bytes
    /// waiting for it, and write them then: output such as the trace never blocks the loop.
    package func watchOutput(_ output: PendingOutput) {
        outputs.removeAll { $0.output == nil || $0.output === output }
        outputs.append(WeakOutput(output: output))
    }

    /// Has the loop also wait, while `input` lives, for its descriptor (a connection to another
    /// program, such as the accessibility bus) and hand it what arrives, in the same poll as
    /// the X connection: it never blocks the loop.
    package func watchInput(_ input: PolledInput) {
        inputs.removeAll { $0.input == nil || $0.input === input }
        inputs.append(WeakInput(input: input))
    }

    func waitForInput(timeout: Int32) {
        // A negative descriptor (no signal pipe) is ignored by poll.
        var descriptors = [
            pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0),
            pollfd(fd: TerminationSignals.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        outputs.removeAll { $0.output == nil }
        let waiting = outputs.compactMap { entry in
            entry.output.flatMap { output in
                output.waitingDescriptor.map { (output, $0) }
            }
        }
        for (_, fd) in waiting { descriptors.append(pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)) }
        inputs.removeAll { $0.input == nil }
        let polled = inputs.compactMap { entry in entry.input.flatMap { input in input.pollDescriptor.map { (input, $0) } } }
        for (input, fd) in polled {
            descriptors.append(pollfd(fd: fd, events: Int16(POLLIN) | (input.wantsToWrite ? Int16(POLLOUT) : 0), revents: 0))
        }
        let result = poll(&descriptors, nfds_t(descriptors.count), timeout)
        for (index, (output, _)) in waiting.enumerated() where descriptors[2 + index].revents != 0 {
            output.writePending()
        }
        for (index, (input, fd)) in polled.enumerated() {
            let events = descriptors[2 + waiting.count + index].revents
            // The source may have closed and another descriptor taken the number meanwhile.
            guard events != 0, input.pollDescriptor == fd else { continue }
            let failed = events & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
            if input.handlePoll(readable: events & Int16(POLLIN) != 0, writable: events & Int16(POLLOUT) != 0, failed: failed) {
                didWorkSinceIdle = true
            }
        }
        if let signal = TerminationSignals.takePending() {
            // Ctrl+C, kill or a closed terminal: end like the close button does; the launcher
            // then ends the process as the signal would have.
            terminationSignal = terminationSignal ?? signal
            quitRequested = true
            return
        }
        if result < 0 && errno != EINTR {
            writeErrorLine("tapaway: poll on the X connection failed: \(String(cString: strerror(errno)))")
            quitRequested = true
        }
        // A hang-up makes the next XPending fail, and the I/O error handler reports it.
    }
}

/// An input the run loop polls without keeping it alive.
struct WeakInput {
    weak var input: PolledInput?
}

/// An output the run loop watches without keeping it alive.
struct WeakOutput {
    weak var output: PendingOutput?
}
