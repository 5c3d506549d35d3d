#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "lazy_loader.h"

static bool failed(struct lazy_library_set *set, const char *what, const char *soname) {
    const char *reason = dlerror();
    snprintf(set->failure, sizeof set->failure, "%s %s (%s)", what, soname, reason ? reason : "unknown error");
    return false;
}

bool lazy_load_set(struct lazy_library_set *set) {
    for (int library = 0; library < set->library_count; library++) {
        const char *soname = set->sonames[library];
        void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
        if (!handle) return failed(set, "cannot load", soname);
        for (int i = 0; i < set->function_count; i++) {
            if (set->functions[i].library != library) continue;
            dlerror();
            set->addresses[i] = dlsym(handle, set->functions[i].name);
            if (!set->addresses[i]) {
                char what[128];
                snprintf(what, sizeof what, "cannot find %s in", set->functions[i].name);
                return failed(set, what, soname);
            }
        }
    }
    return true;
}

void lazy_exit_missing(const char *failure, const char *hint) {
    fprintf(stderr, "%s: %s; %s\n", program_invocation_short_name, failure, hint);
    exit(127);
}
