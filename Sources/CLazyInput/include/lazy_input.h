#ifndef KIOSKHUD_LAZY_INPUT_H
#define KIOSKHUD_LAZY_INPUT_H
#include <stdbool.h>

struct libinput;
struct libinput_interface;

/* libinput and xkbcommon are not linked: every function in
 * input_functions.h is defined here and forwards to the real one, found with
 * dlopen/dlsym on first use, as CLazyGraphics does for pixman. Callers ask
 * kiosk_input_try_load first; a forwarding function called while loading
 * failed exits with status 127, naming what was missing. */

/* Loads both libraries and resolves every forwarded function, once: NULL
 * when everything loaded, else what was missing (the same text every later
 * call). Safe on any thread. */
const char *kiosk_input_try_load(void);

/* The open_restricted/close_restricted pair for
 * libinput_path_create_context: open(2) with O_CLOEXEC added, -errno on
 * failure; close(2). Static storage: libinput keeps the pointer. */
const struct libinput_interface *kiosk_input_interface(void);

/* Sends libinput's log lines of `li`, formatted and without the trailing
 * newline, to `sink` with libinput_get_user_data(li) (libinput_log_set_handler;
 * one sink per process, the last one set). */
typedef void (*kiosk_input_log_sink)(void *user_data, int priority, const char *line);
void kiosk_input_set_log_sink(struct libinput *li, kiosk_input_log_sink sink);

#endif
