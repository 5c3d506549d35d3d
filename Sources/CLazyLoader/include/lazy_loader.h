#ifndef KIOSKHUD_LAZY_LOADER_H
#define KIOSKHUD_LAZY_LOADER_H
#include <stdbool.h>

/* The one loader behind CLazyGraphics and CLazyInput: a set of libraries
 * that are not linked, opened on first use, and the functions forwarded to
 * them. Each forwarding module keeps its own tables (generated from its
 * functions header) and its own pthread_once; this does the loading. */

/* One forwarded function: the index of its library in `sonames`, its name. */
struct lazy_function {
    int library;
    const char *name;
};

struct lazy_library_set {
    /* Stable sonames (ABI majors), in load order: each after its dependencies. */
    const char *const *sonames;
    int library_count;
    const struct lazy_function *functions;
    /* Filled in, one per function. */
    void **addresses;
    int function_count;
    /* Why loading failed, when it did. */
    char failure[512];
};

/* dlopen(3)s every library of `set` (RTLD_NOW | RTLD_LOCAL) in order and
 * dlsym(3)s its functions into `addresses`. True when all were found; else
 * false, with `failure` naming the library or function and dlerror's reason.
 * Not thread-safe: call it once, inside the caller's pthread_once. */
bool lazy_load_set(struct lazy_library_set *set);

/* Says "<program>: <failure>; <hint>" on stderr and exits with status 127,
 * as ld.so does for a missing library. */
_Noreturn void lazy_exit_missing(const char *failure, const char *hint);

#endif
