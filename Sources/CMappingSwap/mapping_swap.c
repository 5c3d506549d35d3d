#define _GNU_SOURCE
#include "mapping_swap.h"
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

/* /proc/PID/pagemap: one 64-bit entry per page (Documentation/admin-guide/mm/pagemap.rst). */
#define PAGEMAP_PRESENT (1ULL << 63)
#define PAGEMAP_SWAPPED (1ULL << 62)
#define PAGEMAP_FILE_OR_SHARED (1ULL << 61)

int kiosk_mapping_swap(uintptr_t start, size_t length, int prot, int shared, int fd, off_t offset, int pagemap_fd) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (length == 0 || start % page || length % page || offset % (off_t)page) return -EINVAL;
    if (shared && (prot & PROT_WRITE)) return -EINVAL;
    char *fresh = mmap(NULL, length, shared ? prot : PROT_READ | PROT_WRITE, shared ? MAP_SHARED : MAP_PRIVATE, fd, offset);
    if (fresh == MAP_FAILED) return -errno;
    int result = 0;
    if (!shared && (prot & PROT_READ)) {
        uint64_t entries[256];
        size_t pages = length / page;
        for (size_t first = 0; first < pages && result == 0; first += 256) {
            size_t count = pages - first < 256 ? pages - first : 256;
            off_t at = (off_t)((start / page + first) * sizeof(uint64_t));
            ssize_t got = pread(pagemap_fd, entries, count * sizeof(uint64_t), at);
            if (got != (ssize_t)(count * sizeof(uint64_t))) { result = got < 0 ? -errno : -EIO; break; }
            for (size_t i = 0; i < count; i++) {
                if (entries[i] & PAGEMAP_SWAPPED) { result = -EBUSY; break; }
                if ((entries[i] & PAGEMAP_PRESENT) && !(entries[i] & PAGEMAP_FILE_OR_SHARED))
                    memcpy(fresh + (first + i) * page, (const char *)start + (first + i) * page, page);
            }
        }
    }
    if (result == 0 && mprotect(fresh, length, prot) != 0) result = -errno;
    if (result == 0 && mremap(fresh, length, length, MREMAP_MAYMOVE | MREMAP_FIXED, (void *)start) == MAP_FAILED)
        result = -errno;
    if (result != 0) munmap(fresh, length);
    return result;
}

void kiosk_mapping_swap_prepare(int pagemap_fd) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    char *a = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    char *b = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (a == MAP_FAILED || b == MAP_FAILED) {
        if (a != MAP_FAILED) munmap(a, page);
        if (b != MAP_FAILED) munmap(b, page);
        return;
    }
    uint64_t entry;
    (void)pread(pagemap_fd, &entry, sizeof entry, (off_t)((uintptr_t)a / page * sizeof entry));
    memcpy(b, a, page);
    mprotect(b, page, PROT_READ);
    if (mremap(b, page, page, MREMAP_MAYMOVE | MREMAP_FIXED, a) == MAP_FAILED) munmap(b, page);
    munmap(a, page);
}

int kiosk_set_exe_file(int fd) {
    return prctl(PR_SET_MM, PR_SET_MM_EXE_FILE, (unsigned long)fd, 0UL, 0UL) == 0 ? 0 : -errno;
}
