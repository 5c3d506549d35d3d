import Glibc
import HUDUpdates

/// `hud follow rauc`: RAUC's Installer on D-Bus shown as update HUDs. Waits
/// for the bus and for RAUC's service when they are not there (the bus with
/// a backoff, RAUC by its name appearing), and carries on when RAUC restarts.
enum RAUCFollower {
    static func run(busAddress: String?, sender: UpdateRequestSender, presenter initial: UpdatePresenter, once: Bool) -> Int32 {
        var presenter = initial
        var waitMilliseconds: Int32 = 100
        var lastProblem = ""
        func report(_ problem: String) {
            if problem != lastProblem { StandardError.write("hud follow rauc: \(problem)\n") }
            lastProblem = problem
        }
        while true {
            let bus: RAUCBus
            do {
                bus = try RAUCBus(address: busAddress)
            } catch {
                report("\(error); trying again")
                poll(nil, 0, waitMilliseconds)
                waitMilliseconds = min(waitMilliseconds * 2, 4000)
                continue
            }
            waitMilliseconds = 100
            var mapper = RAUCEventMapper()
            var ended = false
            do {
                // RAUC's state now, or (not on the bus yet) when its name appears.
                func follow() throws(RAUCBus.Failure) {
                    let now = try bus.properties()
                    report("following RAUC on \(bus.name)")
                    for event in mapper.events(for: now) { sender.send(presenter.requests(for: event)) }
                }
                do { try follow() } catch { report("\(error); waiting for RAUC") }
                while !(once && ended) {
                    switch try bus.nextSignal() {
                    case .properties(let p):
                        for event in mapper.events(for: p) { sender.send(presenter.requests(for: event)) }
                    case .completed(let result):
                        for event in mapper.completed(result: result) { sender.send(presenter.requests(for: event)) }
                        ended = true
                    case .serviceOwner(true):
                        try follow()
                    case .serviceOwner(false):
                        sender.send(presenter.lostTool())
                        mapper.serviceLost()
                        report("RAUC left \(bus.name); waiting for it")
                    }
                }
                return 0
            } catch {
                sender.send(presenter.lostTool())
                report("\(error); connecting again")
            }
        }
    }
}
