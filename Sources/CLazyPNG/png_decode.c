#define _GNU_SOURCE
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lazy_png.h"
#include <png.h>

/* libpng's classic reading API, driven from memory: libpng reports errors by
 * longjmp, which Swift cannot catch, so the whole read is here. The
 * transforms are Cairo's (cairo-png.c): palettes, low bit depths and tRNS
 * expanded, 16-bit samples cut to their high byte, grey made RGB, an opaque
 * filler where there is no alpha, BGRA order (0xAARRGGBB words, not yet
 * premultiplied), interlacing undone. */

struct reader {
    const unsigned char *data;
    size_t size, at;
    char *error;
    size_t error_size;
    jmp_buf jump;
};

static _Noreturn void on_error(png_structp png, png_const_charp message) {
    struct reader *r = png_get_error_ptr(png);
    snprintf(r->error, r->error_size, "%s", message);
    longjmp(r->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void on_read(png_structp png, png_bytep out, size_t length) {
    struct reader *r = png_get_io_ptr(png);
    if (length > r->size - r->at) on_error(png, "file truncated");
    memcpy(out, r->data + r->at, length);
    r->at += length;
}

int kiosk_png_decode(const unsigned char *data, size_t size, uint32_t max_pixels,
                     uint32_t **pixels, uint32_t *width, uint32_t *height, char *error, size_t error_size) {
    const char *load = kiosk_png_try_load();
    if (load) {
        snprintf(error, error_size, "%s", load);
        return 0;
    }
    struct reader r = {.data = data, .size = size, .at = 0, .error = error, .error_size = error_size};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r, on_error, on_warning);
    if (!png) {
        snprintf(error, error_size, "out of memory");
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    uint32_t *volatile out = NULL;
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(r.jump)) {
        free(out);
        free(rows);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        if (!info) snprintf(error, error_size, "out of memory");
        return 0;
    }
    png_set_read_fn(png, &r, on_read);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    if (w == 0 || h == 0 || (uint64_t)w * h > max_pixels) {
        snprintf(error, error_size, "%ux%u pixels: more than %u", (unsigned)w, (unsigned)h, (unsigned)max_pixels);
        longjmp(r.jump, 1);
    }
    int color = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_strip_16(png);
    if (depth < 8) png_set_packing(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_bgr(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) {
        snprintf(error, error_size, "unexpected row size after expansion");
        longjmp(r.jump, 1);
    }
    out = malloc((size_t)w * h * 4);
    rows = malloc(sizeof(png_bytep) * h);
    if (!out || !rows) {
        snprintf(error, error_size, "out of memory");
        longjmp(r.jump, 1);
    }
    for (png_uint_32 y = 0; y < h; y++) rows[y] = (png_bytep)(out + (size_t)y * w);
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    *pixels = out;
    *width = w;
    *height = h;
    return 1;
}

/* libpng's classic writing API into a file, errors by longjmp as above.
 * Rows are 0xAARRGGBB words (BGRA bytes); without `alpha` the filler byte
 * is dropped and the file is RGB. */
int kiosk_png_encode(const char *path, const uint32_t *pixels, uint32_t width, uint32_t height, size_t stride,
                     int alpha, char *error, size_t error_size) {
    const char *load = kiosk_png_try_load();
    if (load) {
        snprintf(error, error_size, "%s", load);
        return 0;
    }
    FILE *volatile file = fopen(path, "wb");
    if (!file) {
        snprintf(error, error_size, "%m");
        return 0;
    }
    struct reader r = {.error = error, .error_size = error_size};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &r, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    png_bytep *volatile rows = NULL;
    if (!png || !info || setjmp(r.jump)) {
        if (!png || !info) snprintf(error, error_size, "out of memory");
        free(rows);
        png_destroy_write_struct(png ? &png : NULL, info ? &info : NULL);
        fclose(file);
        unlink(path);
        return 0;
    }
    png_init_io(png, file);
    png_set_IHDR(png, info, width, height, 8, alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    png_set_bgr(png);
    if (!alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
    rows = malloc(sizeof(png_bytep) * height);
    if (!rows) {
        snprintf(error, error_size, "out of memory");
        longjmp(r.jump, 1);
    }
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)pixels + (size_t)y * stride;
    png_write_image(png, rows);
    png_write_end(png, NULL);
    free(rows);
    png_destroy_write_struct(&png, &info);
    if (fclose(file) != 0) {
        snprintf(error, error_size, "%m");
        unlink(path);
        return 0;
    }
    return 1;
}
