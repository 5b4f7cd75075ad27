import TapawayKit
import Testing

@MainActor
@Suite("NotificationCenter")
struct NotificationTests {
    @Test("observers get their name, in order; removal stops them")
    func deliveryAndRemoval() {
        let center = NotificationCenter()
        var log: [String] = []
        let a = center.addObserver(forName: NotificationName("x")) { _ in log.append("a") }
        center.addObserver(forName: NotificationName("x")) { _ in log.append("b") }
        center.addObserver(forName: NotificationName("y")) { _ in log.append("y") }
        center.post(name: NotificationName("x"))
        center.removeObserver(a)
        center.post(name: NotificationName("x"))
        #expect(log == ["a", "b", "b"])
        center.removeObserver(a)
        #expect(center.observerCount == 2)
    }

    @Test("an object filter matches only that object; nil name matches all")
    func objectFilter() {
        final class Thing {}
        let center = NotificationCenter()
        let one = Thing(), two = Thing()
        var hits = 0, all = 0
        center.addObserver(forName: NotificationName("x"), object: one) { _ in hits += 1 }
        center.addObserver(forName: nil) { _ in all += 1 }
        center.post(name: NotificationName("x"), object: two)
        center.post(name: NotificationName("x"), object: one)
        center.post(name: NotificationName("z"))
        #expect(hits == 1)
        #expect(all == 3)
    }

    @Test("an observer removed by an earlier observer during a post is not called")
    func removalDuringPost() {
        let center = NotificationCenter()
        var calledB = false
        var tokenB: ObserverToken?
        center.addObserver(forName: NotificationName("x")) { _ in if let tokenB { center.removeObserver(tokenB) } }
        tokenB = center.addObserver(forName: NotificationName("x")) { _ in calledB = true }
        center.post(name: NotificationName("x"))
        #expect(!calledB)
    }
}
