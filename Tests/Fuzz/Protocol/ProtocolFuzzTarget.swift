// libFuzzer target for the `hud` protocol parser (HUDProtocol), built with
// swiftc by scripts/fuzz.sh; not part of the package.
//
// Every input goes through what the daemon does with bytes from a client or
// from psplash's FIFO: framing, request/response/psplash parsing, and the
// progress scanner. Parsed requests must survive encode → parse unchanged;
// a violation traps, which the fuzzer reports as a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func protocolFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var socketFramer = LineFramer(maxLineBytes: 512)
    socketFramer.feed(bytes) { event in
        guard case .line(let line) = event else { return }
        if let request = try? Request.parse(line) {
            let again = try? Request.parse(Array(request.encoded().utf8.dropLast()))
            precondition(again == request, "round trip changed \(request) into \(String(describing: again))")
        }
        if let response = try? Response.parse(line) {
            let again = try? Response.parse(Array(response.encoded().utf8.dropLast()))
            precondition(again == response, "response round trip changed \(response)")
        }
        _ = try? Greeting.version(of: line)
        _ = defaultScanner.percent(in: String(decoding: line, as: UTF8.self))
    }
    var fifoFramer = LineFramer(maxLineBytes: 512, separatesAtNUL: true)
    fifoFramer.feed(bytes) { event in
        if case .line(let line) = event { _ = try? PsplashCommand.parse(line) }
    }
    // The whole input as one message, without framing (lengths beyond the cap too).
    _ = try? Request.parse(Array(bytes))
    return 0
}

let defaultScanner = try! ProgressLineScanner()
