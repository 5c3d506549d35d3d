/* launch PROGRAM ARGS...: execs PROGRAM with $KIOSKHUD_T0_NS set to
 * CLOCK_MONOTONIC now, so it can report time since its own exec. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: launch PROGRAM [ARGS...]\n"); return 2; }
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    char t0[32];
    snprintf(t0, sizeof t0, "%lld", (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec);
    setenv("KIOSKHUD_T0_NS", t0, 1);
    execvp(argv[1], argv + 1);
    perror(argv[1]);
    return 127;
}
