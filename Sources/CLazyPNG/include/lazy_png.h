#ifndef KIOSKHUD_LAZY_PNG_H
#define KIOSKHUD_LAZY_PNG_H
#include <stddef.h>
#include <stdint.h>

/* libpng is not linked: every function in png_functions.h is defined here
 * and forwards to the real one, found with dlopen/dlsym on first use, as
 * CLazyText does for FreeType (which itself needs libpng and zlib, so a
 * process that draws labels has them mapped anyway). */

/* Loads libpng16 and resolves every forwarded function, once: NULL when it
 * loaded, else what was missing (the same text every later call). Safe on
 * any thread. */
const char *kiosk_png_try_load(void);

/* Decodes the PNG file in `data` (libpng's classic API, loaded on first use)
 * into *pixels, malloc'ed, *width × *height words 0xAARRGGBB, alpha not
 * premultiplied: palettes, low depths and tRNS expanded, 16-bit samples cut
 * to their high byte, interlacing undone (Cairo's transforms). Images over
 * `max_pixels` are refused before their pixels are allocated. 1 on success;
 * 0 with libpng's reason (or ours) in `error`. Safe on any thread. */
int kiosk_png_decode(const unsigned char *data, size_t size, uint32_t max_pixels,
                     uint32_t **pixels, uint32_t *width, uint32_t *height, char *error, size_t error_size);

/* Writes `height` rows of `width` words 0xAARRGGBB (alpha not
 * premultiplied), `stride` bytes apart, to the PNG file `path`: RGBA with
 * `alpha`, else RGB. 1 on success; 0 with the reason in `error` (the file
 * removed). Safe on any thread. */
int kiosk_png_encode(const char *path, const uint32_t *pixels, uint32_t width, uint32_t height, size_t stride,
                     int alpha, char *error, size_t error_size);

#endif
