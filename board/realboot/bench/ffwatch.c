/* ffwatch: one detector of "first frame on screen" for every program, so that
 * their times can be compared.
 *
 *   ffwatch [-n NAME] [-c CARD] [-b FB] [-t TIMEOUT_MS] [-i POLL_US] [-s STEP]
 *           [-o OUTFILE] [-d DIR] [-x CMD] [-k] -- PROGRAM [ARGS...]
 *   ffwatch -q [-c CARD]      print the framebuffer on each CRTC and exit
 *
 * Opens the card (and drops the DRM master it gets when nobody holds it, so
 * the program becomes master), notes the framebuffer each CRTC shows (the
 * console's; -b adds one), forks, and the child stamps CLOCK_MONOTONIC and
 * CLOCK_BOOTTIME into shared memory right before execvp (and exports the
 * monotonic stamp as $KIOSKHUD_T0_NS, which board/qemu/bench/firstframe.c and
 * `hud display --stats` read for their own report). The parent then polls
 * every POLL_US: GETCRTC on each CRTC (raw ioctls, no libdrm), and when a
 * CRTC shows a framebuffer that is not a console one, GETFB2/GETFB, maps that
 * buffer (MAP_DUMB on the handle; root) and samples every STEP-th pixel of
 * every STEP-th row. A frame counts once a sampled pixel is not black: a
 * program that puts up a black buffer first (Plymouth does) is not on screen
 * until it draws something. The buffer is sampled again at each poll until
 * it has content; while it has none, polls are spaced so that sampling takes
 * at most ~1/5 of the CPU. Once the program is started the watcher runs
 * SCHED_FIFO (the program does not), so a poll is not held up by it.
 *
 * Prints one line: "ffwatch name=... result=frame|timeout ... first-
 * frame-ms=U lower-ms=L" where U is the poll that saw the frame (the figure
 * reported) and L the poll before it (the frame arrived in between),
 * both from the exec stamp; boottime-ms is CLOCK_BOOTTIME at U (kernel start
 * -> first frame) and exec-boottime-ms the exec stamp's. crng=ready|unready is
 * getrandom(GRND_NONBLOCK) just before the fork (EAGAIN: not ready).
 * The program may exit before its frame (a launcher such as `plymouth
 * show-splash`): watching goes on until the frame or the timeout; exit=N
 * reports its status. -k: after the frame (or a timeout), SIGTERM the
 * program's process group, SIGKILL after 3 s; killed-exit=N.
 *
 * At the frame it adds the program's minflt/majflt/utime/stime and read_bytes
 * (/proc/PID: the process it started, not a daemon that forked off) and the
 * system's pgmajfault/pgpgin since the exec stamp (/proc/vmstat: everyone).
 * -d DIR: mkdir DIR first (Plymouth's /run/plymouth), without running mkdir.
 * -x CMD: at the frame, SIGSTOP the program's process group, run CMD with
 * /bin/sh -c (e.g. incore: what a cold start had read by its first frame),
 * then SIGCONT.
 *
 * Linked statically (no libdrm, no shared libraries), so starting it pages
 * in nothing that a measured program could share. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <drm.h>
#include <drm_mode.h>

#define MAX_CRTCS 8
#define MAX_BASE 16

static int64_t now_ns(clockid_t c) {
    struct timespec ts;
    clock_gettime(c, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static double ms(int64_t ns) { return ns / 1e6; }

struct stamps { volatile int64_t mono, boot; };

struct mapped {
    uint32_t fb, handle, width, height, pitch, bpp;
    size_t size;
    const uint8_t *px;
};

static void unmap(int fd, struct mapped *m) {
    if (m->px) munmap((void *)m->px, m->size);
    if (m->handle) {
        struct drm_gem_close gc = { .handle = m->handle };
        ioctl(fd, DRM_IOCTL_GEM_CLOSE, &gc);
    }
    memset(m, 0, sizeof *m);
}

/* Maps framebuffer fb read-only; 0 on success. */
static int map_fb(int fd, uint32_t fb, struct mapped *m) {
    memset(m, 0, sizeof *m);
    m->fb = fb;
    struct drm_mode_fb_cmd2 f2 = { .fb_id = fb };
    if (ioctl(fd, DRM_IOCTL_MODE_GETFB2, &f2) == 0 && f2.handles[0]) {
        m->handle = f2.handles[0];
        m->width = f2.width;
        m->height = f2.height;
        m->pitch = f2.pitches[0];
        /* XRGB8888/ARGB8888 and friends are 4 bytes; RGB565 2. */
        m->bpp = (f2.pixel_format == 0x36314752 /* RG16 */) ? 16 : 32;
        for (int i = 1; i < 4; i++)
            if (f2.handles[i] && f2.handles[i] != m->handle) {
                struct drm_gem_close gc = { .handle = f2.handles[i] };
                ioctl(fd, DRM_IOCTL_GEM_CLOSE, &gc);
            }
    } else {
        struct drm_mode_fb_cmd f = { .fb_id = fb };
        if (ioctl(fd, DRM_IOCTL_MODE_GETFB, &f) || !f.handle) return -1;
        m->handle = f.handle;
        m->width = f.width;
        m->height = f.height;
        m->pitch = f.pitch;
        m->bpp = f.bpp;
    }
    struct drm_mode_map_dumb md = { .handle = m->handle };
    if (ioctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &md)) { unmap(fd, m); return -1; }
    m->size = (size_t)m->pitch * m->height;
    void *p = mmap(NULL, m->size, PROT_READ, MAP_SHARED, fd, md.offset);
    if (p == MAP_FAILED) { m->px = NULL; unmap(fd, m); return -1; }
    m->px = p;
    return 0;
}

/* Whether a sampled pixel is not black. */
static int has_content(const struct mapped *m, unsigned step) {
    for (uint32_t y = step / 2; y < m->height; y += step) {
        const uint8_t *row = m->px + (size_t)y * m->pitch;
        if (m->bpp == 16) {
            const volatile uint16_t *p = (const volatile uint16_t *)row;
            for (uint32_t x = step / 2; x < m->width; x += step)
                if (p[x]) return 1;
        } else {
            const volatile uint32_t *p = (const volatile uint32_t *)row;
            for (uint32_t x = step / 2; x < m->width; x += step)
                if (p[x] & 0x00ffffff) return 1;
        }
    }
    return 0;
}

static int get_crtc_fb(int fd, uint32_t crtc, uint32_t *fb) {
    struct drm_mode_crtc c = { .crtc_id = crtc };
    if (ioctl(fd, DRM_IOCTL_MODE_GETCRTC, &c)) return -1;
    *fb = c.fb_id;
    return 0;
}

static int list_crtcs(int fd, uint32_t *crtcs) {
    struct drm_mode_card_res r = { 0 };
    if (ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &r)) return -1;
    uint32_t n = r.count_crtcs < MAX_CRTCS ? r.count_crtcs : MAX_CRTCS;
    uint32_t ids[64];
    if (r.count_crtcs > 64) return -1;
    struct drm_mode_card_res r2 = { .crtc_id_ptr = (uintptr_t)ids, .count_crtcs = r.count_crtcs };
    if (ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &r2)) return -1;
    memcpy(crtcs, ids, n * sizeof *crtcs);
    return (int)n;
}

/* Reads "key value" from /proc/vmstat. */
static long long vmstat(const char *key) {
    FILE *f = fopen("/proc/vmstat", "re");
    if (!f) return -1;
    char k[64];
    long long v, r = -1;
    while (fscanf(f, "%63s %lld", k, &v) == 2)
        if (!strcmp(k, key)) { r = v; break; }
    fclose(f);
    return r;
}

/* The program's page faults and CPU (/proc/PID/stat) and what it read from
 * storage (/proc/PID/io read_bytes: includes page faults on mapped files). */
static void print_proc(pid_t pid) {
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "re");
    if (f) {
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        buf[n] = 0;
        fclose(f);
        char *p = strrchr(buf, ')');
        unsigned long minflt = 0, majflt = 0, ut = 0, stt = 0;
        if (p && sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %lu %*u %lu %*u %lu %lu", &minflt, &majflt, &ut, &stt) == 4) {
            long hz = sysconf(_SC_CLK_TCK);
            printf(" minflt=%lu majflt=%lu utime-ms=%lu stime-ms=%lu", minflt, majflt, ut * 1000 / hz, stt * 1000 / hz);
        }
    }
    snprintf(path, sizeof path, "/proc/%d/io", (int)pid);
    f = fopen(path, "re");
    if (f) {
        char k[64];
        long long v;
        while (fscanf(f, "%63s %lld", k, &v) == 2)
            if (!strcmp(k, "read_bytes:")) printf(" read-kb=%lld", v / 1024);
        fclose(f);
    }
}

static void usage(void) {
    fprintf(stderr, "usage: ffwatch [-n NAME] [-c CARD] [-b FB] [-t TIMEOUT_MS] [-i POLL_US] [-s STEP] "
                    "[-o OUTFILE] [-d DIR] [-x CMD] [-k] -- PROGRAM [ARGS...]\n       ffwatch -q [-c CARD]\n");
    exit(2);
}

int main(int argc, char **argv) {
    const char *name = "program", *card = "/dev/dri/card0", *outfile = NULL, *at_frame = NULL;
    uint32_t base[MAX_BASE];
    int nbase = 0, query = 0, kill_after = 0;
    long timeout_ms = 20000, poll_us = 1000;
    unsigned step = 4;
    int opt;
    while ((opt = getopt(argc, argv, "+n:c:b:t:i:s:o:d:x:kq")) != -1) {
        switch (opt) {
        case 'n': name = optarg; break;
        case 'c': card = optarg; break;
        case 'b': if (nbase < MAX_BASE) base[nbase++] = (uint32_t)strtoul(optarg, NULL, 10); break;
        case 't': timeout_ms = atol(optarg); break;
        case 'i': poll_us = atol(optarg); break;
        case 's': step = (unsigned)atoi(optarg); if (!step) step = 1; break;
        case 'o': outfile = optarg; break;
        case 'k': kill_after = 1; break;
        case 'd': mkdir(optarg, 0755); break;
        case 'x': at_frame = optarg; break;
        case 'q': query = 1; break;
        default: usage();
        }
    }
    int fd = open(card, O_RDWR | O_CLOEXEC);
    if (fd < 0) { fprintf(stderr, "ffwatch: %s: %s\n", card, strerror(errno)); return 1; }
    ioctl(fd, DRM_IOCTL_DROP_MASTER, 0); /* fails when another process is master: fine */
    uint32_t crtcs[MAX_CRTCS];
    int ncrtc = list_crtcs(fd, crtcs);
    if (ncrtc <= 0) { fprintf(stderr, "ffwatch: no CRTCs on %s\n", card); return 1; }
    if (query) {
        for (int i = 0; i < ncrtc; i++) {
            uint32_t fb = 0;
            get_crtc_fb(fd, crtcs[i], &fb);
            printf("%u\n", fb);
        }
        return 0;
    }
    if (optind >= argc) usage();
    for (int i = 0; i < ncrtc && nbase < MAX_BASE; i++) {
        uint32_t fb = 0;
        if (get_crtc_fb(fd, crtcs[i], &fb) == 0 && fb) base[nbase++] = fb;
    }
    char rnd;
    const char *crng = getrandom(&rnd, 1, GRND_NONBLOCK) == 1 ? "ready" : (errno == EAGAIN ? "unready" : "error");

    struct stamps *st = mmap(NULL, sizeof *st, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (st == MAP_FAILED) { perror("ffwatch: mmap"); return 1; }
    st->mono = st->boot = 0;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) { perror("ffwatch: fork"); return 1; }
    if (pid == 0) {
        setpgid(0, 0);
        if (outfile) {
            int o = open(outfile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
            if (o >= 0) { dup2(o, 1); dup2(o, 2); }
        }
        close(fd);
        char t0[32];
        int64_t mono = now_ns(CLOCK_MONOTONIC);
        snprintf(t0, sizeof t0, "%lld", (long long)mono);
        setenv("KIOSKHUD_T0_NS", t0, 1);
        st->boot = now_ns(CLOCK_BOOTTIME);
        st->mono = mono;
        execvp(argv[optind], argv + optind);
        fprintf(stderr, "ffwatch: exec %s: %s\n", argv[optind], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid);
    while (!st->mono) {
        int status;
        if (waitpid(pid, &status, WNOHANG) == pid) { fprintf(stderr, "ffwatch: child died before exec\n"); return 1; }
        struct timespec d = { 0, 50000 };
        nanosleep(&d, NULL);
    }
    /* Polls run as soon as their sleep ends, not when the program next
     * yields the (one) CPU. Only now: a SCHED_FIFO parent waiting for the
     * child's stamp would starve it (real-time throttling lets it run
     * 50 ms a second). */
    struct sched_param sp = { .sched_priority = 10 };
    if (sched_setscheduler(0, SCHED_FIFO, &sp))
        perror("ffwatch: SCHED_FIFO (polls may be late)");
    int64_t t0 = st->mono, t0boot = st->boot;
    long long pgmaj0 = vmstat("pgmajfault"), pgin0 = vmstat("pgpgin");
    int64_t deadline = t0 + timeout_ms * 1000000LL;
    int64_t prev_poll = t0, found = 0, found_prev = 0, found_boot = 0, max_gap = 0, scan_ns_max = 0;
    struct mapped m = { 0 };
    uint32_t found_fb = 0;
    long polls = 0, scans = 0;
    int exited = 0, status = 0;
    const char *result = "timeout";
    int64_t wait_ns = poll_us * 1000LL;
    for (;;) {
        struct timespec d = { wait_ns / 1000000000LL, wait_ns % 1000000000LL };
        clock_nanosleep(CLOCK_MONOTONIC, 0, &d, NULL);
        wait_ns = poll_us * 1000LL;
        int64_t t = now_ns(CLOCK_MONOTONIC), tb = now_ns(CLOCK_BOOTTIME);
        polls++;
        if (t - prev_poll > max_gap) max_gap = t - prev_poll;
        for (int i = 0; i < ncrtc && !found; i++) {
            uint32_t fb = 0;
            if (get_crtc_fb(fd, crtcs[i], &fb) || !fb) continue;
            int is_base = 0;
            for (int j = 0; j < nbase; j++) if (base[j] == fb) is_base = 1;
            if (is_base) continue;
            if (m.fb != fb) {
                unmap(fd, &m);
                if (map_fb(fd, fb, &m)) continue;
            }
            int64_t s0 = now_ns(CLOCK_MONOTONIC);
            int c = has_content(&m, step);
            int64_t scan = now_ns(CLOCK_MONOTONIC) - s0;
            scans++;
            if (scan > scan_ns_max) scan_ns_max = scan;
            if (c) {
                found = t; found_prev = prev_poll; found_boot = tb; found_fb = fb;
            } else if (scan * 4 > wait_ns) {
                wait_ns = scan * 4; /* sampling at most ~1/5 of the CPU */
            }
        }
        prev_poll = t;
        if (found) { result = "frame"; break; }
        /* A launcher may exit before the frame (plymouth show-splash): keep watching. */
        if (!exited && waitpid(pid, &status, WNOHANG) == pid) exited = 1;
        if (t > deadline) break;
    }
    long long pgmaj1 = vmstat("pgmajfault"), pgin1 = vmstat("pgpgin");
    if (found && at_frame) {
        /* Freeze the program (its process group) as it was at the frame,
         * run the command (e.g. incore: what is in the page cache now). */
        kill(-pid, SIGSTOP);
        struct sched_param other = { 0 };
        sched_setscheduler(0, SCHED_OTHER, &other);
        int r = system(at_frame);
        if (r) fprintf(stderr, "ffwatch: -x command: status %d\n", r);
        kill(-pid, SIGCONT);
    }
    unmap(fd, &m);
    printf("ffwatch name=%s result=%s crng=%s", name, result, crng);
    if (found)
        printf(" first-frame-ms=%.1f lower-ms=%.1f boottime-ms=%.1f fb=%u", ms(found - t0), ms(found_prev - t0),
               ms(found_boot), found_fb);
    printf(" exec-boottime-ms=%.1f polls=%ld scans=%ld max-poll-gap-ms=%.1f max-scan-ms=%.2f", ms(t0boot), polls, scans,
           ms(max_gap), ms(scan_ns_max));
    /* Everyone's (plymouthd is not our child) since the exec stamp. */
    printf(" sys-majflt=%lld sys-pgin-kb=%lld", pgmaj1 - pgmaj0, pgin1 - pgin0);
    if (!exited) print_proc(pid);
    if (!exited && waitpid(pid, &status, WNOHANG) == pid) exited = 1;
    if (exited)
        printf(" exit=%d", WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    if (kill_after && !exited) {
        int64_t t_kill = now_ns(CLOCK_MONOTONIC);
        kill(-pid, SIGTERM);
        for (;;) {
            if (waitpid(pid, &status, WNOHANG) == pid) break;
            if (now_ns(CLOCK_MONOTONIC) - t_kill > 3000000000LL) { kill(-pid, SIGKILL); waitpid(pid, &status, 0); break; }
            usleep(5000);
        }
        printf(" killed-exit=%d", WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    }
    printf("\n");
    return found ? 0 : 3;
}
