#ifndef KIOSKHUD_CPIXMAN_SHIM_H
#define KIOSKHUD_CPIXMAN_SHIM_H
#include <pixman.h>

/* pixman_double_to_fixed is a function-like macro. */
static inline pixman_fixed_t kiosk_pixman_double_to_fixed(double d) { return pixman_double_to_fixed(d); }

#endif
