/* prefetch FILE... -- PROGRAM [ARGS...]: posix_fadvise(WILLNEED) on each FILE
 * (the kernel queues readahead of the whole file in large requests and
 * returns), then execs PROGRAM. For board/realboot/measure.sh's "+pf" cut:
 * does reading the binary in a few big requests beat faulting it in by
 * read-around windows? Static, so it maps nothing itself. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    int i = 1;
    for (; i < argc && strcmp(argv[i], "--"); i++) {
        int fd = open(argv[i], O_RDONLY | O_CLOEXEC);
        if (fd < 0) { perror(argv[i]); continue; }
        int e = posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED);
        if (e) fprintf(stderr, "prefetch: %s: %s\n", argv[i], strerror(e));
        close(fd);
    }
    if (i + 1 >= argc) { fprintf(stderr, "usage: prefetch FILE... -- PROGRAM [ARGS...]\n"); return 2; }
    execv(argv[i + 1], argv + i + 1);
    perror(argv[i + 1]);
    return 127;
}
