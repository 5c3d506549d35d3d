#ifndef KIOSKHUD_CPANGOCAIRO_SHIM_H
#define KIOSKHUD_CPANGOCAIRO_SHIM_H
#include <pango/pangocairo.h>

/* PANGO_PIXELS and G_TYPE_* are function-like macros; Swift sees neither. */
static inline int kiosk_pango_pixels(int d) { return PANGO_PIXELS(d); }
static inline int kiosk_pango_units_from_double(double d) { return (int)(d * PANGO_SCALE + (d >= 0 ? 0.5 : -0.5)); }
static const int kiosk_PANGO_SCALE = PANGO_SCALE;
static const gboolean kiosk_TRUE = TRUE;
static const gboolean kiosk_FALSE = FALSE;
static inline void kiosk_g_object_unref(void *object) { g_object_unref(object); }

#endif
