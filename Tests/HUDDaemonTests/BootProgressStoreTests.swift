import Glibc
import HUDCore
import HUDDaemon
import Testing

@Suite struct BootProgressStoreTests {
    private let record = BootProgressRecord(entries: [.init(status: "systemd-udevd.service", fraction: 0.25),
                                                      .init(status: "plymouth-read-write.service", fraction: 0.7)], duration: 12.5)

    @Test func theFileFormat() throws {
        #expect(record.encoded == "kioskhud-boot-progress 1\nduration 12.500\n0.2500 systemd-udevd.service\n0.7000 plymouth-read-write.service\n")
        #expect(try BootProgressRecord.parse(record.encoded) == record)
    }

    /// Every way a file can be wrong is named with its line.
    @Test func corruptRecordsAreRefusedNamingTheLine() {
        let cases: [(String, String)] = [
            ("", "line 1: expected 'kioskhud-boot-progress 1'"),
            ("\u{7f}ELF\u{2}\u{1}", "line 1: expected 'kioskhud-boot-progress 1'"),
            ("kioskhud-boot-progress 1\n", "line 2: expected 'duration SECONDS'"),
            ("kioskhud-boot-progress 1\nduration nan\n", "line 2: expected 'duration SECONDS'"),
            ("kioskhud-boot-progress 1\nduration -3\n", "line 2: expected 'duration SECONDS'"),
            ("kioskhud-boot-progress 1\nduration 10\n0.5a.service\n", "line 3: expected 'FRACTION STATUS'"),
            ("kioskhud-boot-progress 1\nduration 10\n0.1 a\n1.5 b.service\n", "line 4: expected 'FRACTION STATUS'"),
            ("kioskhud-boot-progress 1\nduration 10\n0.5 \n", "line 3: status empty"),
            ("kioskhud-boot-progress 1\nduration 10\n0.5 a\tb\n", "line 3: status empty, longer than 256 bytes or with control characters"),
            ("kioskhud-boot-progress 1\nduration 10\n0.5 " + String(repeating: "x", count: 257) + "\n", "line 3: status empty, longer"),
            ("kioskhud-boot-progress 1\nduration 10\n" + String(repeating: "0.5 a\n", count: 1025), "line 1027: more than 1024 entries"),
            (String(repeating: "x", count: BootProgressRecord.maxFileBytes + 1), "larger than"),
        ]
        for (text, reason) in cases {
            do {
                _ = try BootProgressRecord.parse(text)
                Issue.record("parsed: \(text.prefix(60))")
            } catch {
                #expect(error.description.hasPrefix(reason), "\(text.prefix(60)): \(error)")
            }
        }
    }

    @Test func loadAndSaveUnderTheStateDirectory() throws {
        let dir = try TemporaryDirectory()
        let store = BootProgressStore(directory: dir.file("state"), fileName: "boot-progress")
        #expect(store.load() == .missing)
        // Without system-initialized, a directory that is not there is left alone.
        guard case .skipped(let why) = try store.save(record, rootWritable: false) else {
            Issue.record("saved into a directory that does not exist"); return
        }
        #expect(why.contains(dir.file("state")))
        #expect(!dir.exists("state"))
        // With it, the directory is made and the file written whole (no temporary left).
        #expect(try store.save(record, rootWritable: true) == .written)
        #expect(dir.read("state/boot-progress") == record.encoded)
        #expect(store.load() == .record(record))
        // Now the directory exists: written without system-initialized too, replacing the file.
        var next = record
        next.duration = 9
        #expect(try store.save(next, rootWritable: false) == .written)
        #expect(store.load() == .record(next))
        #expect(system("[ \"$(ls -A '\(dir.file("state"))')\" = boot-progress ]") == 0, "a temporary file is left beside the record")
    }

    /// A corrupt, oversized or unreadable file says what is wrong; nothing is read past the bound.
    @Test func unusableFiles() throws {
        let dir = try TemporaryDirectory()
        let store = BootProgressStore(directory: dir.path, fileName: "boot-progress")
        dir.write("boot-progress", "kioskhud-boot-progress 1\nduration 10\ngarbage\n")
        #expect(store.load() == .unusable("line 3: expected 'FRACTION STATUS' with FRACTION from 0 to 1"))
        dir.write("boot-progress", String(repeating: "x", count: BootProgressRecord.maxFileBytes + 1))
        guard case .unusable(let big) = store.load() else { Issue.record("an oversized file was used"); return }
        #expect(big.contains("larger than the \(BootProgressRecord.maxFileBytes)"))
        _ = unlink(dir.file("boot-progress"))
        #expect(mkdir(dir.file("boot-progress"), 0o755) == 0)
        #expect(store.load() == .unusable("not a regular file"))
    }
}
