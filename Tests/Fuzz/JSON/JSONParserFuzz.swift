// libFuzzer entry point for the theme JSON parser and reader: any bytes must
// give a value or an error with a position, never a crash. Built by
// scripts/fuzz-json.sh together with Sources/HUDRender/JSON/*.swift.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        _ = try JSONParser.parse(bytes)
    } catch {
        precondition(error.position.line >= 1 && error.position.column >= 1, "bad position \(error.position)")
    }
    return 0
}
