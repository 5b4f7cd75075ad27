import TapawayKit
import Testing

@MainActor
@Suite("ObserverToken and ObserverBag")
struct ObserverTokenTests {
    @Test("a list's token cancels its own registration, once, and no other")
    func listTokenCancels() {
        let list = ObserverList<Int>()
        var seen: [String] = []
        let a = list.add { seen.append("a\($0)") }
        _ = list.add { seen.append("b\($0)") }
        list.notify(1)
        a.cancel()
        list.notify(2)
        a.cancel()
        list.notify(3)
        #expect(seen == ["a1", "b1", "b2", "b3"])
        #expect(list.count == 1)
    }

    @Test("a centre's token cancels its own registration")
    func centreTokenCancels() {
        let center = NotificationCenter()
        let name = NotificationName("x")
        var heard = 0
        let token = center.addObserver(forName: name) { _ in heard += 1 }
        center.post(name: name)
        token.cancel()
        center.post(name: name)
        #expect(heard == 1)
        #expect(center.observerCount == 0)
    }

    @Test("a token holds its list weakly: the list goes with its owner, and a late cancel is harmless")
    func tokenOutlivesList() {
        weak var gone: ObserverList<Void>?
        var token: ObserverToken?
        do {
            let list = ObserverList<Void>()
            token = list.add {}
            gone = list
        }
        #expect(gone == nil, "the token kept its list alive")
        token?.cancel()
    }

    @Test("a bag cancels everything in it when it goes, or on cancelAll")
    func bagCancels() {
        let center = NotificationCenter()
        let list = ObserverList<Void>()
        var bag: ObserverBag? = ObserverBag()
        bag?.add(list.add {})
        center.addObserver(forName: NotificationName("x")) { _ in }.store(in: bag!)
        #expect(bag?.count == 2)
        #expect(list.count == 1 && center.observerCount == 1)
        bag = nil
        #expect(list.count == 0 && center.observerCount == 0)

        let kept = ObserverBag()
        kept.add([list.add {}, list.add {}])
        kept.cancelAll()
        #expect(kept.isEmpty && list.count == 0)
    }
}
