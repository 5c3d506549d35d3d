#ifndef KIOSKHUD_CCAIRO_SHIM_H
#define KIOSKHUD_CCAIRO_SHIM_H
/* Cairo's header only: the functions come from CLazyGraphics, which loads
 * libcairo (and pixman under it) on first use. */
#include <cairo.h>

#endif
