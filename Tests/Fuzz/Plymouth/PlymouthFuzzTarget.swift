// libFuzzer target for Plymouth's request parser (HUDPlymouth), built with
// swiftc by `scripts/fuzz.sh plymouth`; not part of the package.
//
// The input is what a client writes to Plymouth's socket. It is fed once
// whole and once cut into reads (sizes taken from the input itself), as
// PlymouthServer feeds what each read returns: both must give the same
// requests and errors in the same order. Every request must survive
// encode → parse, every error has a reply plymouthd would give, and the
// parser holds an unfinished request only when the bytes ended mid-request.
// A violation traps, which the fuzzer reports as a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func plymouthFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var whole = PlymouthRequestParser()
    var wholeResults: [Result<PlymouthRequest, PlymouthWireError>] = []
    whole.feed(bytes) { wholeResults.append($0) }

    var cut = PlymouthRequestParser()
    var cutResults: [Result<PlymouthRequest, PlymouthWireError>] = []
    var start = 0, k = 0
    while start < size {
        let length = 1 + Int(bytes[k % size]) % 17
        let end = min(size, start + length)
        cut.feed(UnsafeBufferPointer(rebasing: bytes[start..<end])) { cutResults.append($0) }
        start = end
        k += 1
    }
    precondition(wholeResults == cutResults, "cut into reads: \(cutResults), whole: \(wholeResults)")
    precondition(whole.hasPartialRequest == cut.hasPartialRequest)

    for result in wholeResults {
        switch result {
        case .success(let request):
            let wire = request.encoded
            precondition(wire.count <= PlymouthRequestParser.maxRequestBytes, "\(request) encodes to \(wire.count) bytes")
            var again = PlymouthRequestParser()
            var decoded: [Result<PlymouthRequest, PlymouthWireError>] = []
            again.feed(wire) { decoded.append($0) }
            precondition(!again.hasPartialRequest, "\(request) encodes to an unfinished request")
            // An argument cut at 254 bytes (its length byte) is another request; else it round-trips.
            if (request.argument?.utf8.count ?? 0) <= PlymouthRequestParser.maxArgumentBytes - 1 {
                precondition(decoded == [.success(request)], "round trip changed \(request) into \(decoded)")
            } else {
                precondition(decoded.count == 1)
            }
        case .failure(let error):
            precondition(!error.description.isEmpty)
            precondition([PlymouthReply.ack, .nak].contains(error.reply), "\(error) answered \(error.reply)")
        }
    }
    return 0
}
