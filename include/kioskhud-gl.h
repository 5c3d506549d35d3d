/*
 * kioskhud-gl.h — an optional OpenGL ES 2 helper for libkioskhud's HUD layer
 * (kh_layer_*). libkioskhud itself has no GL in it; this is one C file,
 * gl/kioskhud-gl.c, built into the app (or as libkioskhud-gl) against
 * libGLESv2.
 *
 * In the app's current context, after the app has drawn its frame into the
 * bound framebuffer, khgl_composite() uploads the layer's changed
 * rectangles into its texture (GL_EXT_unpack_subimage when there, else the
 * changed rows), optionally blurs the app's frame under each bezel on the
 * GPU (copied with glCopyTexImage2D, halved, box-blurred in two passes,
 * drawn back inside the bezel's rounded rectangle), then draws the layer
 * over the frame with premultiplied blending (GL_ONE,
 * GL_ONE_MINUS_SRC_ALPHA). It restores every piece of GL state it changes.
 * It never reads the frame back to the CPU.
 *
 * Call it once for every kh_layer_draw (frame_number tells it when one was
 * skipped: then the whole layer is uploaded again). The framebuffer's size
 * must be the layer's (kh_layer_new's width and height).
 */
#ifndef KIOSKHUD_GL_H
#define KIOSKHUD_GL_H

#include <kioskhud.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A layer's texture, shaders and blur buffers in one GL context. */
typedef struct khgl_compositor khgl_compositor;

/** khgl_composite flags. */
#define KHGL_BLUR 0x1u        /* blur the app's frame under each bezel first */
#define KHGL_FULL_UPLOAD 0x2u /* upload the whole layer, not only frame->rects (comparisons, benchmarks) */

/**
 * Makes a compositor in the calling thread's current context (GLES 2 or
 * later). In *out; on failure NULL and KH_ERROR_RENDER, with
 * kh_last_error_message()-like text from khgl_error(NULL).
 */
kh_status khgl_new(khgl_compositor **out);
/**
 * Composites frame (from kh_layer_draw) over the bound framebuffer. Returns
 * KH_OK; KH_ERROR_INVALID_ARGUMENT for a NULL argument; KH_ERROR_UNSUPPORTED_FORMAT
 * for KH_FORMAT_ARGB8888 without GL_EXT_texture_format_BGRA8888 (ask for
 * KH_FORMAT_ABGR8888 then); KH_ERROR_RENDER when GL reported an error.
 * khgl_error() says which.
 */
kh_status khgl_composite(khgl_compositor *compositor, const kh_layer_frame *frame, uint32_t flags);
/** What the last failing call on compositor (NULL: khgl_new) said; "" when none. */
const char *khgl_error(const khgl_compositor *compositor);
/** Frees its GL objects (its context must be current). NULL is ignored. */
void khgl_free(khgl_compositor *compositor);

#ifdef __cplusplus
}
#endif

#endif /* KIOSKHUD_GL_H */
