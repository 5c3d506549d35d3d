#define _GNU_SOURCE
#include "mapping_swap.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

/* /proc/PID/pagemap: one 64-bit entry per page (Documentation/admin-guide/mm/pagemap.rst). */
#define PAGEMAP_PRESENT (1ULL << 63)
#define PAGEMAP_SWAPPED (1ULL << 62)
#define PAGEMAP_FILE_OR_SHARED (1ULL << 61)

/* At most this many changed pages are copied per swap: copies and originals are
 * both resident until it, so a mapping with more is swapped piece by piece and
 * the peak RSS grows by this many pages at most. */
#define MAX_COPIES 16

static int is_changed(uint64_t entry) {
    return (entry & PAGEMAP_PRESENT) && !(entry & PAGEMAP_FILE_OR_SHARED);
}

/* One piece: mapped aside, the changed pages (entries, when given) copied in, swapped in place. */
static int swap_piece(uintptr_t start, size_t length, int prot, int shared, int fd, off_t offset,
                      const uint64_t *entries, size_t page) {
    char *fresh = mmap(NULL, length, shared ? prot : PROT_READ | PROT_WRITE, shared ? MAP_SHARED : MAP_PRIVATE, fd, offset);
    if (fresh == MAP_FAILED) return -errno;
    if (entries)
        for (size_t i = 0; i < length / page; i++)
            if (is_changed(entries[i])) memcpy(fresh + i * page, (const char *)start + i * page, page);
    int result = 0;
    if (!shared && mprotect(fresh, length, prot) != 0) result = -errno;
    if (result == 0 && mremap(fresh, length, length, MREMAP_MAYMOVE | MREMAP_FIXED, (void *)start) == MAP_FAILED)
        result = -errno;
    if (result != 0) munmap(fresh, length);
    return result;
}

int kiosk_mapping_swap(uintptr_t start, size_t length, int prot, int shared, int fd, off_t offset, int pagemap_fd) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (length == 0 || start % page || length % page || offset % (off_t)page) return -EINVAL;
    if (shared && (prot & PROT_WRITE)) return -EINVAL;
    /* Shared or unreadable: no page of its own to keep. */
    if (shared || !(prot & PROT_READ)) return swap_piece(start, length, prot, shared, fd, offset, NULL, page);
    size_t pages = length / page;
    uint64_t *entries = malloc(pages * sizeof *entries);
    if (!entries) return -ENOMEM;
    size_t done = 0;
    while (done < pages) {
        ssize_t got = pread(pagemap_fd, (char *)entries + done * sizeof *entries, (pages - done) * sizeof *entries,
                            (off_t)((start / page + done) * sizeof *entries));
        if (got <= 0 || got % (ssize_t)sizeof *entries) {
            int error = got < 0 ? -errno : -EIO;
            free(entries);
            return error;
        }
        done += (size_t)got / sizeof *entries;
    }
    for (size_t i = 0; i < pages; i++)
        if (entries[i] & PAGEMAP_SWAPPED) { free(entries); return -EBUSY; }
    int result = 0;
    for (size_t first = 0; first < pages && result == 0;) {
        size_t end = first, copies = 0;
        while (end < pages && !(is_changed(entries[end]) && copies == MAX_COPIES)) copies += is_changed(entries[end++]);
        result = swap_piece(start + first * page, (end - first) * page, prot, 0, fd, offset + (off_t)(first * page),
                            entries + first, page);
        first = end;
    }
    free(entries);
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
