import Glibc
@testable import HUDDaemon
import HUDCore
import Testing

/// plymouthd's pid file: written whole (renamed into place), its directory
/// made, removed only while it names this daemon; and not written at all
/// while no password prompt works.
@Suite struct PidFileTests {
    @Test func writesAtomicallyAndRemovesOnlyItsOwn() throws {
        let dir = try TemporaryDirectory()
        let file = PidFile(path: dir.file("plymouth/pid"))    // the directory is made, as plymouthd makes /run/plymouth
        try file.write(pid: 4242)
        #expect(dir.read("plymouth/pid") == "4242\n")
        var info = stat()
        #expect(stat(file.path, &info) == 0 && info.st_mode & 0o777 == 0o644)
        try file.write(pid: 4243)    // replaced whole; no temporary file left beside it
        #expect(dir.read("plymouth/pid") == "4243\n")
        #expect(try directoryEntries(dir.file("plymouth")) == ["pid"])
        file.remove(ifNaming: 4242)    // another daemon's: kept
        #expect(dir.read("plymouth/pid") == "4243\n")
        file.remove(ifNaming: 4243)
        #expect(dir.read("plymouth/pid") == nil)
    }

    @Test func failuresNameThePath() {
        #expect(throws: SystemError.self) { try PidFile(path: "/nonexistent-kioskhud/dir/pid").write(pid: 1) }
    }

    @Test func noPidFileWithoutAPasswordPrompt() throws {
        // The rule of docs/boot.md: never a pid file without a prompt that keys can answer.
        let dir = try TemporaryDirectory()
        let lines = LogRecorder()
        Daemon.writePidFile(PidFile(path: dir.file("pid")), promptsWork: false, log: { lines.record($0) })
        #expect(dir.read("pid") == nil)
        #expect(lines.all.contains { $0.contains("not writing the pid file") && $0.contains("passphrase") }, "\(lines.all)")
        Daemon.writePidFile(PidFile(path: dir.file("pid")), promptsWork: true, log: { lines.record($0) })
        #expect(dir.read("pid") == "\(getpid())\n")
    }

    private func directoryEntries(_ path: String) throws -> [String] {
        guard let d = opendir(path) else { throw SystemError.last("opendir", path) }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
