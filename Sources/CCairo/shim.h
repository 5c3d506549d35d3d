#ifndef KIOSKHUD_CCAIRO_SHIM_H
#define KIOSKHUD_CCAIRO_SHIM_H
#include <cairo.h>

/* CAIRO_VERSION_ENCODE is function-like; re-export the compiled-against version. */
static const int kiosk_CAIRO_VERSION = CAIRO_VERSION;

#endif
