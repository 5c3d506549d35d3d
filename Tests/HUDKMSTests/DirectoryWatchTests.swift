#if canImport(Glibc)
import Glibc
#endif
import Testing
import HUDCore
@testable import HUDKMS

@Test func directoryWatchReportsANewEntryOnTheLoop() async throws {
    var template = Array("/tmp/kioskhud-dirwatch-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    try #require(made != nil)
    let dir = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer {
        unlink(dir + "/card0")
        rmdir(dir)
    }
    let loop = try EventLoop()
    defer { loop.shutdown() }
    let (events, continuation) = AsyncStream<Bool>.makeStream()
    let watch = try DirectoryWatch(directory: dir, loop: loop) { continuation.yield(loop.inLoop) }
    defer { watch.cancel() }
    let fd = open(dir + "/card0", O_CREAT | O_WRONLY, 0o600)
    try #require(fd >= 0)
    close(fd)
    var iterator = events.makeAsyncIterator()
    let onLoop = await iterator.next()
    #expect(onLoop == true)
}

@Test func directoryWatchNamesAMissingParent() {
    do {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        _ = try DirectoryWatch(directory: "/nonexistent-kioskhud/x/dri", loop: loop) {}
        Issue.record("watching under a missing parent succeeded")
    } catch {
        #expect("\(error)".contains("inotify_add_watch"))
        #expect("\(error)".contains("/nonexistent-kioskhud/x"))
    }
}
