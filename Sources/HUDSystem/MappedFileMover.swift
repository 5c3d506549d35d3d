#if canImport(Glibc)
import Glibc
#endif
import CMappingSwap

/// Moves this process's mappings of the root it is leaving onto the same
/// files of the root it moves into (chroot(2)), so that nothing of the old
/// root stays mapped: a daemon started in the initramfs otherwise keeps
/// every file it maps — its binary, libc, its fonts — whole in RAM after
/// switch-root deletes them, and shares none of their pages with the
/// system's processes.
///
/// `init` runs before chroot(2): it records every private mapping of a
/// regular file (`/proc/self/maps`) and opens each file by its path, where
/// the path still names the mapped file. `moveOntoNewRoot()` runs after:
/// where the same path in the new root holds the same bytes (ELF files: the
/// same GNU build-id; other files: compared whole), each mapping is swapped
/// for one of the new file (`kiosk_mapping_swap`: the pages this process
/// changed are kept), with readahead off (MADV_RANDOM: what is resident
/// from then on is what runs), and `/proc/self/exe` follows
/// (PR_SET_MM_EXE_FILE). Everything else stays as it was, and is reported.
public final class MappedFileMover: Sendable {
    private struct MappedFile: Sendable {
        var path: String
        var old: Int32
        var size: Int
        /// As /proc/PID/maps names the file: `major:minor` and inode.
        var device: String
        var inode: UInt64
    }

    private let files: [MappedFile]
    private let notOpened: [(path: String, why: String)]
    private let executable: String?
    /// /proc/self/pagemap, /proc/self/maps and /proc/self/task, opened in the
    /// old root: the new one has no /proc yet (initramfs-tools moves it there
    /// after). Read again at the move: mappings and threads as they are then.
    private let pagemap: Int32
    private let maps: Int32
    private let tasks: Int32

    /// Records this process's file mappings; run it in the old root.
    public init() throws(SystemError) {
        let current = try FileMapping.current()
        var byFile: [String: [FileMapping]] = [:]
        var order: [String] = []
        for mapping in current where mapping.path.hasPrefix("/") && !mapping.path.hasPrefix("/memfd:") {
            if byFile[mapping.path] == nil { order.append(mapping.path) }
            byFile[mapping.path, default: []].append(mapping)
        }
        var link = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &link, link.count - 1)
        let executable = n > 0 ? String(decoding: link[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        var files: [MappedFile] = [], notOpened: [(path: String, why: String)] = []
        for path in order {
            let mappings = byFile[path]!
            if path.hasSuffix(" (deleted)") { notOpened.append((path, "deleted")); continue }
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { notOpened.append((path, "open: \(Errno.current)")); continue }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                  UInt64(info.st_ino) == mappings[0].inode, Self.deviceName(info.st_dev) == mappings[0].device
            else {
                close(fd)
                // Device nodes (DRM buffers), memfds and files replaced since they were mapped.
                continue
            }
            files.append(MappedFile(path: path, old: fd, size: Int(info.st_size), device: mappings[0].device, inode: mappings[0].inode))
        }
        var proc: [Int32] = []
        for (path, flags) in [("/proc/self/pagemap", O_RDONLY), ("/proc/self/maps", O_RDONLY), ("/proc/self/task", O_RDONLY | O_DIRECTORY)] {
            let fd = open(path, flags | O_CLOEXEC)
            guard fd >= 0 else {
                let error = SystemError.last("open", path)
                for file in files { close(file.old) }
                for fd in proc { close(fd) }
                throw error
            }
            proc.append(fd)
        }
        self.files = files
        self.notOpened = notOpened
        self.executable = executable
        pagemap = proc[0]
        maps = proc[1]
        tasks = proc[2]
    }

    deinit {
        for file in files { close(file.old) }
        close(pagemap)
        close(maps)
        close(tasks)
    }

    /// `major:minor` in hex, as /proc/PID/maps writes a device.
    private static func deviceName(_ device: dev_t) -> String {
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        func hex(_ v: dev_t) -> String {
            let s = String(v, radix: 16)
            return s.count < 2 ? "0" + s : s
        }
        return "\(hex(major)):\(hex(minor))"
    }

    /// Swaps every recorded mapping whose file the new root holds unchanged;
    /// run it after chroot(2). Writable mappings move only when no thread
    /// but this one and `parkedThreads` (threads blocked until this one lets
    /// them go, as the daemon's main thread waiting for its exit) runs: another
    /// could write to a page between its copy and the swap.
    public func moveOntoNewRoot(parkedThreads: Int = 0) -> MappedFileMove {
        var report = MappedFileMove()
        report.held = notOpened
        // The mappings as they are now (a font may have been unmapped, its range reused, since init).
        let now: [FileMapping]
        do { now = try FileMapping.read(from: maps) } catch {
            report.held += files.map { ($0.path, "\(error)") }
            return report
        }
        let threads = threadCount()
        kiosk_mapping_swap_prepare(pagemap)
        for file in files {
            let mappings = now.filter { $0.inode == file.inode && $0.device == file.device }
            if mappings.isEmpty { continue }  // no longer mapped
            let new = open(file.path, O_RDONLY | O_CLOEXEC)
            guard new >= 0 else { report.held.append((file.path, "not in the new root (\(Errno.current))")); continue }
            defer { close(new) }
            var info = stat()
            guard fstat(new, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                report.held.append((file.path, "not a regular file in the new root")); continue
            }
            if UInt64(info.st_ino) == file.inode, Self.deviceName(info.st_dev) == file.device {
                continue  // the same file: nothing to move
            }
            guard Int(info.st_size) == file.size, IdenticalFiles.same(file.old, new, size: file.size) else {
                report.held.append((file.path, "differs in the new root")); continue
            }
            var left = 0
            var failure = ""
            for mapping in mappings {
                guard mapping.isPrivate || mapping.protection & PROT_WRITE == 0 else {
                    left += 1; failure = "a shared writable mapping"; continue
                }
                guard mapping.protection & PROT_WRITE == 0 || threads <= 1 + parkedThreads else {
                    left += 1
                    failure = threads == Int.max ? "writable, and the threads cannot be counted"
                        : "writable, and \(threads - 1 - parkedThreads) other threads run"
                    continue
                }
                let rc = kiosk_mapping_swap(mapping.start, mapping.length, mapping.protection, mapping.isPrivate ? 0 : 1, new, off_t(mapping.offset), pagemap)
                if rc != 0 { left += 1; failure = "mremap: \(Errno(rawValue: -rc))"; continue }
                _ = madvise(UnsafeMutableRawPointer(bitPattern: mapping.start), mapping.length, MADV_RANDOM)
                report.mappings += 1
            }
            if left > 0 {
                report.held.append((file.path, "\(left) of \(mappings.count) mappings stay: \(failure)")); continue
            }
            report.files += 1
            if file.path == executable {
                let rc = kiosk_set_exe_file(new)
                if rc != 0 { report.held.append((file.path, "as /proc/self/exe: prctl(PR_SET_MM_EXE_FILE): \(Errno(rawValue: -rc))")) }
            }
        }
        return report
    }

    /// This process's threads now; Int.max when they cannot be counted (no
    /// writable mapping moves then).
    private func threadCount() -> Int {
        let fd = dup(tasks)
        guard fd >= 0, let dir = fdopendir(fd) else {
            if fd >= 0 { close(fd) }
            return Int.max
        }
        defer { closedir(dir) }
        rewinddir(dir)
        var count = 0
        while let entry = readdir(dir) {
            if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
        }
        return count
    }
}
