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

#define LAZY_FUNCTIONS "input_functions.h"
#define LAZY_HINT "libinput and xkbcommon are loaded on first use, install them or fix the path"
#include "lazy_module.inc"

const char *kiosk_input_try_load(void) { return lazy_try_load(); }

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


#pragma GCC visibility pop
