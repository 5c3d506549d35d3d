#ifndef KIOSKHUD_MAPPING_SWAP_H
#define KIOSKHUD_MAPPING_SWAP_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// Replaces the file mapping at [start, start + length) with the same range
/// of `fd` (a file with the same bytes) and the protection `prot`. A private
/// one keeps every page this process has changed (copy-on-write pages:
/// anonymous in /proc/self/pagemap, read through `pagemap_fd`); a shared one
/// (`shared`) must be read-only (-EINVAL otherwise): it has no pages of its own.
///
/// The new mapping is made aside (mmap), the changed pages are copied into
/// it, and mremap(MREMAP_FIXED) swaps it in, in one call: code running from
/// the old mapping (this function's callers) keeps running, and no Swift
/// code runs between the copy and the swap. A mapping with many changed
/// pages is swapped in pieces of 16 of them, so that copies and originals
/// are never resident together by more than that. Returns 0, or -errno
/// (-EBUSY: a page is swapped out; the mapping is untouched then), with the
/// pieces before a failure swapped.
int kiosk_mapping_swap(uintptr_t start, size_t length, int prot, int shared, int fd, off_t offset, int pagemap_fd);

/// Calls each C function kiosk_mapping_swap calls once, on a page of its
/// own, so that none is bound lazily (ld.so writing the GOT) in the middle
/// of a swap.
void kiosk_mapping_swap_prepare(int pagemap_fd);

/// prctl(PR_SET_MM, PR_SET_MM_EXE_FILE, fd): /proc/self/exe becomes `fd`'s
/// file. The kernel refuses (-EBUSY) while the old executable is still
/// mapped, and without CAP_SYS_RESOURCE (-EPERM). Returns 0 or -errno.
int kiosk_set_exe_file(int fd);

#endif
