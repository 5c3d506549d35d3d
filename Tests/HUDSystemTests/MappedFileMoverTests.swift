#if canImport(Glibc)
import Glibc
#endif
import CMappingSwap
@testable import HUDSystem
import Testing

@Suite struct MappedFileMoverTests {
    @Test func parsesAMapsLine() throws {
        let line = "7f9b60e28000-7f9b60fa3000 r-xp 00028000 fe:01 1835236                    /usr/lib/x86_64-linux-gnu/libc.so.6"
        let m = try #require(FileMapping(mapsLine: line[...]))
        #expect(m.start == 0x7f9b_60e2_8000 && m.end == 0x7f9b_60fa_3000)
        #expect(m.protection == PROT_READ | PROT_EXEC && m.isPrivate)
        #expect(m.offset == 0x28000 && m.device == "fe:01" && m.inode == 1_835_236)
        #expect(m.path == "/usr/lib/x86_64-linux-gnu/libc.so.6")
        #expect(FileMapping(mapsLine: "7ffd1c1e9000-7ffd1c20a000 rw-p 00000000 00:00 0                          [stack]") == nil)
        let spaced = try #require(FileMapping(mapsLine: "1000-2000 rw-s 00000000 00:05 7 /tmp/a file (deleted)"))
        #expect(!spaced.isPrivate && spaced.protection == PROT_READ | PROT_WRITE && spaced.path == "/tmp/a file (deleted)")
    }

    @Test func findsThisProcesssExecutable() throws {
        let mappings = try FileMapping.current()
        var link = [CChar](repeating: 0, count: 4097)
        let n = readlink("/proc/self/exe", &link, 4096)
        let exe = String(decoding: link[0..<max(n, 0)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(mappings.contains { $0.path == exe && $0.protection & PROT_EXEC != 0 })
    }

    @Test func buildIDsAndContents() throws {
        let exe = open("/proc/self/exe", O_RDONLY), again = open("/proc/self/exe", O_RDONLY)
        defer { close(exe); close(again) }
        let id = try #require(IdenticalFiles.buildID(exe))
        #expect(id.count >= 8)
        var info = stat()
        fstat(exe, &info)
        #expect(IdenticalFiles.same(exe, again, size: Int(info.st_size)))
        // Not ELF: compared whole; one byte apart is different.
        var a: [CChar] = Array("/tmp/mfm-a-XXXXXX".utf8CString), b: [CChar] = Array("/tmp/mfm-b-XXXXXX".utf8CString)
        let fa = mkstemp(&a), fb = mkstemp(&b)
        defer { close(fa); close(fb); unlink(a); unlink(b) }
        let bytes = [UInt8](repeating: 7, count: 100_000)
        _ = bytes.withUnsafeBytes { write(fa, $0.baseAddress, $0.count) }
        var other = bytes
        other[99_999] = 8
        _ = other.withUnsafeBytes { write(fb, $0.baseAddress, $0.count) }
        #expect(IdenticalFiles.buildID(fa) == nil)
        #expect(IdenticalFiles.same(fa, fa, size: 100_000))
        #expect(!IdenticalFiles.same(fa, fb, size: 100_000))
    }

    @Test func recordsMappingsInTheOldRoot() throws {
        _ = try MappedFileMover()
    }

    /// kiosk_mapping_swap: a private mapping of one file becomes one of an
    /// identical copy, at the same address, with the pages this process wrote
    /// kept (31 of them: swapped in pieces of 16) and every other page read
    /// from the copy.
    @Test func swapsAMappingKeepingWrittenPages() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        func file(_ name: String, _ bytes: [UInt8]) -> (String, Int32) {
            var template = Array("/tmp/mfm-\(name)-XXXXXX".utf8CString)
            let fd = mkstemp(&template)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            return (String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self), fd)
        }
        let contents = (0..<(48 * page)).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / page) }
        let (oldPath, oldFD) = file("old", contents), (newPath, newFD) = file("new", contents)
        defer { close(oldFD); close(newFD); unlink(oldPath); unlink(newPath) }
        let base = try #require(mmap(nil, 48 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE, oldFD, 0))
        #expect(base != MAP_FAILED)
        defer { munmap(base, 48 * page) }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        bytes[page + 5] = 0xAB        // page 1 is now this process's own
        for p in 10..<40 { bytes[p * page + p] = UInt8(p) }
        _ = bytes[3 * page]           // page 3 resident, the file's
        let pagemap = open("/proc/self/pagemap", O_RDONLY)
        defer { close(pagemap) }
        let start = UInt(bitPattern: base)
        #expect(kiosk_mapping_swap(start, 48 * page, PROT_READ | PROT_WRITE, 0, newFD, 0, pagemap) == 0)
        var info = stat()
        fstat(newFD, &info)
        let now = try FileMapping.current().filter { $0.start >= start && $0.end <= start + UInt(48 * page) }
        #expect(now.reduce(0) { $0 + $1.length } == 48 * page)
        #expect(now.allSatisfy { $0.inode == UInt64(info.st_ino) && $0.protection == PROT_READ | PROT_WRITE })
        var want = contents
        want[page + 5] = 0xAB
        for p in 10..<40 { want[p * page + p] = UInt8(p) }
        let same = UnsafeBufferPointer(start: bytes, count: 48 * page).elementsEqual(want)
        #expect(same, "the swapped mapping does not read as the file with the written page")
        // Read-only and shared: no pages of its own; a writable shared one is refused.
        #expect(kiosk_mapping_swap(start, 48 * page, PROT_READ, 1, oldFD, 0, pagemap) == 0)
        #expect(bytes[page + 5] == contents[page + 5])
        #expect(kiosk_mapping_swap(start, 48 * page, PROT_READ | PROT_WRITE, 1, oldFD, 0, pagemap) == -EINVAL)
    }
}
