#if canImport(Glibc)
import Glibc
#endif

/// Whether two open files hold the same bytes, cheaply where it can: two
/// ELF files are the same build when their GNU build-ids (the
/// `NT_GNU_BUILD_ID` note the linker writes) are equal; other files, and
/// ELF files without one, are compared whole, up to `wholeLimit` bytes.
enum IdenticalFiles {
    static let wholeLimit = 32 << 20

    static func same(_ a: Int32, _ b: Int32, size: Int) -> Bool {
        if let idA = buildID(a), let idB = buildID(b) { return idA == idB }
        guard size <= wholeLimit else { return false }
        var bufA = [UInt8](repeating: 0, count: 65536), bufB = bufA
        var at = 0
        while at < size {
            let want = min(bufA.count, size - at)
            guard readFully(a, &bufA, count: want, at: at), readFully(b, &bufB, count: want, at: at),
                  bufA[0..<want] == bufB[0..<want] else { return false }
            at += want
        }
        return true
    }

    /// The GNU build-id of a little-endian ELF64 file, from its PT_NOTE
    /// segments; nil for anything else.
    static func buildID(_ fd: Int32) -> [UInt8]? {
        var header = [UInt8](repeating: 0, count: 64)
        guard readFully(fd, &header, count: 64, at: 0), header[0..<4] == [0x7f, 0x45, 0x4c, 0x46],
              header[4] == 2, header[5] == 1 else { return nil }
        let phoff = Int(le(header, 0x20, 8)), phentsize = Int(le(header, 0x36, 2)), phnum = Int(le(header, 0x38, 2))
        guard phentsize >= 56, phentsize <= 256, phnum > 0, phnum < 256 else { return nil }
        var table = [UInt8](repeating: 0, count: phentsize * phnum)
        guard readFully(fd, &table, count: table.count, at: phoff) else { return nil }
        for i in 0..<phnum where le(table, i * phentsize, 4) == 4 {  // PT_NOTE
            let offset = Int(le(table, i * phentsize + 8, 8)), size = Int(le(table, i * phentsize + 32, 8))
            guard size > 0, size <= 4096 else { continue }
            var notes = [UInt8](repeating: 0, count: size)
            guard readFully(fd, &notes, count: size, at: offset) else { continue }
            var p = 0
            while p + 12 <= size {
                let namesz = Int(le(notes, p, 4)), descsz = Int(le(notes, p + 4, 4)), type = le(notes, p + 8, 4)
                let name = p + 12, desc = name + (namesz + 3) & ~3
                guard desc + descsz <= size else { break }
                if type == 3, namesz == 4, notes[name..<name + 4] == [0x47, 0x4e, 0x55, 0] {  // NT_GNU_BUILD_ID, "GNU"
                    return Array(notes[desc..<desc + descsz])
                }
                p = desc + (descsz + 3) & ~3
            }
        }
        return nil
    }

    private static func le(_ bytes: [UInt8], _ at: Int, _ count: Int) -> UInt64 {
        var v: UInt64 = 0
        for i in (0..<count).reversed() { v = v << 8 | UInt64(bytes[at + i]) }
        return v
    }

    private static func readFully(_ fd: Int32, _ buffer: inout [UInt8], count: Int, at offset: Int) -> Bool {
        var done = 0
        while done < count {
            let n = Errno.retryingOnInterrupt {
                buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }
}
