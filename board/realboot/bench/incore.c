/* incore [-r] PATH...: how much of each file is in the page cache (mincore),
 * for board/realboot/measure.sh's look at what a cold start read. A
 * directory's regular files are listed too (one level). Prints
 * "incore FILE resident-kb=R size-kb=S" for files with resident pages; with -r
 * also the resident ranges (KB offsets) of each file named (not of those
 * found in a directory). Static: it maps nothing. */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int ranges;

static void one(const char *path, int with_ranges) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size == 0) { close(fd); return; }
    void *p = mmap(NULL, st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (p == MAP_FAILED) return;
    long pg = sysconf(_SC_PAGESIZE);
    size_t n = (st.st_size + pg - 1) / pg;
    unsigned char *v = malloc(n);
    if (!v || mincore(p, st.st_size, v)) { munmap(p, st.st_size); free(v); return; }
    size_t res = 0;
    for (size_t i = 0; i < n; i++) res += v[i] & 1;
    if (res) {
        printf("incore %s resident-kb=%zu size-kb=%lld", path, res * pg / 1024, (long long)st.st_size / 1024);
        if (ranges && with_ranges) {
            printf(" ranges-kb=");
            for (size_t i = 0; i < n;) {
                if (!(v[i] & 1)) { i++; continue; }
                size_t j = i;
                while (j < n && (v[j] & 1)) j++;
                printf("%zu-%zu,", i * pg / 1024, j * pg / 1024);
                i = j;
            }
        }
        printf("\n");
    }
    munmap(p, st.st_size);
    free(v);
}

int main(int argc, char **argv) {
    int i = 1;
    if (i < argc && !strcmp(argv[i], "-r")) { ranges = 1; i++; }
    for (; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st)) continue;
        if (!S_ISDIR(st.st_mode)) { one(argv[i], 1); continue; }
        DIR *d = opendir(argv[i]);
        if (!d) continue;
        struct dirent *e;
        while ((e = readdir(d))) {
            if (e->d_name[0] == '.') continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
            struct stat s2;
            if (lstat(path, &s2) == 0 && S_ISREG(s2.st_mode)) one(path, 0);
        }
        closedir(d);
    }
    return 0;
}
