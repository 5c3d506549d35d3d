#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lazy_loader.h"

/* Hidden from here on (after glibc's headers): the forwarding definitions
 * must not be exported, or the libraries' own calls could come back here. */
#pragma GCC visibility push(hidden)

#include "lazy_input.h"
#include <libinput.h>
#include <xkbcommon/xkbcommon.h>

enum library { XKBCOMMON, LIBINPUT, LIBRARY_COUNT };

/* Stable sonames (ABI majors). */
static const char *const sonames[LIBRARY_COUNT] = {
    [XKBCOMMON] = "libxkbcommon.so.0",
    [LIBINPUT] = "libinput.so.10",
};

enum slot {
#define LAZY(library, result, name, parameters, arguments) SLOT_##name,
#define LAZY_VOID(library, name, parameters, arguments) SLOT_##name,
#include "input_functions.h"
#undef LAZY
#undef LAZY_VOID
    SLOT_COUNT
};

static const struct lazy_function functions[SLOT_COUNT] = {
#define LAZY(library, result, name, parameters, arguments) [SLOT_##name] = {library, #name},
#define LAZY_VOID(library, name, parameters, arguments) [SLOT_##name] = {library, #name},
#include "input_functions.h"
#undef LAZY
#undef LAZY_VOID
};

static void *addresses[SLOT_COUNT];
static struct lazy_library_set set = {
    .sonames = sonames, .library_count = LIBRARY_COUNT,
    .functions = functions, .addresses = addresses, .function_count = SLOT_COUNT,
};
static pthread_once_t once = PTHREAD_ONCE_INIT;
static atomic_bool loaded;

static void load_all(void) {
    if (lazy_load_set(&set)) atomic_store_explicit(&loaded, true, memory_order_release);
}

const char *kiosk_input_try_load(void) {
    pthread_once(&once, load_all);
    return atomic_load_explicit(&loaded, memory_order_acquire) ? NULL : set.failure;
}

static void load_or_exit(void) {
    const char *error = kiosk_input_try_load();
    if (error) lazy_exit_missing(error, "libinput and xkbcommon are loaded on first use, install them or fix the path");
}

static int open_restricted(const char *path, int flags, void *user_data) {
    (void)user_data;
    int fd = open(path, flags | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

static void close_restricted(int fd, void *user_data) {
    (void)user_data;
    close(fd);
}

static const struct libinput_interface interface = {
    .open_restricted = open_restricted,
    .close_restricted = close_restricted,
};

const struct libinput_interface *kiosk_input_interface(void) { return &interface; }

static _Atomic(kiosk_input_log_sink) log_sink;

static void log_handler(struct libinput *li, enum libinput_log_priority priority, const char *format, va_list args) {
    kiosk_input_log_sink sink = atomic_load(&log_sink);
    if (!sink) return;
    char line[512];
    vsnprintf(line, sizeof line, format, args);
    size_t n = strlen(line);
    while (n > 0 && line[n - 1] == '\n') line[--n] = 0;
    sink(libinput_get_user_data(li), (int)priority, line);
}

void kiosk_input_set_log_sink(struct libinput *li, kiosk_input_log_sink sink) {
    atomic_store(&log_sink, sink);
    libinput_log_set_handler(li, log_handler);
}

#define FORWARD(name) ((__typeof__(name) *)addresses[SLOT_##name])
#define LAZY(library, result, name, parameters, arguments) \
    result name parameters { load_or_exit(); return FORWARD(name) arguments; }
#define LAZY_VOID(library, name, parameters, arguments) \
    void name parameters { load_or_exit(); FORWARD(name) arguments; }
#include "input_functions.h"

#pragma GCC visibility pop
