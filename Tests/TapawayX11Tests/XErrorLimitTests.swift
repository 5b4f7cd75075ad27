import CX11
import Testing

@testable import TapawayX11

/// Which X errors get a line on standard error, and how many (issue 38, item 5).
@Suite("X error lines")
struct XErrorLimitTests {
    @Test("a flood of errors is five lines, then one count when the next period's first error comes, and at the end")
    func flood() {
        var limiter = ErrorLineLimiter()
        var shown = 0
        for index in 0..<5_000 {
            let decision = limiter.admit(at: 100 + Double(index) / 1_000)
            #expect(decision.withheldBefore == 0)
            if decision.show { shown += 1 }
        }
        #expect(shown == ErrorLineLimiter.burst)
        // The next period: its first error shows, after the count of those withheld.
        let next = limiter.admit(at: 100 + ErrorLineLimiter.period + 5)
        #expect(next.show && next.withheldBefore == 5_000 - ErrorLineLimiter.burst)
        #expect(limiter.drain() == 0, "nothing left to report")
        for index in 0..<10 { _ = limiter.admit(at: 116 + Double(index) / 100) }
        #expect(limiter.drain() == 10 - (ErrorLineLimiter.burst - 1), "the end reports what the period withheld")
        #expect(limiter.drain() == 0)
    }

    /// An error event for `request` with `code` about `resource`.
    static func error(code: Int32, request: UInt8, resource: UInt = 0x0060_0001) -> XErrorEvent {
        var event = XErrorEvent()
        event.error_code = UInt8(code)
        event.request_code = request
        event.resourceid = resource
        return event
    }

    @Test("a window that is not ours, gone in a request that acts on another client's window, is expected")
    func expected() {
        // ChangeProperty (18) and SendEvent (25) on a requestor's window that is gone.
        #expect(XErrorHandlers.isExpected(Self.error(code: BadWindow, request: 18), ownResource: false))
        #expect(XErrorHandlers.isExpected(Self.error(code: BadWindow, request: 25), ownResource: false))
        // A property atom a forged request named.
        #expect(XErrorHandlers.isExpected(Self.error(code: BadAtom, request: 18), ownResource: false))
        // Our own window gone is our bug: a line.
        #expect(!XErrorHandlers.isExpected(Self.error(code: BadWindow, request: 18), ownResource: true))
        // Drawing (RENDER, 139 on Xvfb) or another error is never expected.
        #expect(!XErrorHandlers.isExpected(Self.error(code: BadWindow, request: 139), ownResource: false))
        #expect(!XErrorHandlers.isExpected(Self.error(code: BadAlloc, request: 18), ownResource: false))
    }
}
