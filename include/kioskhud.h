/*
 * kioskhud.h — libkioskhud, KioskHUD's C interface.
 *
 * A progress HUD (MBProgressHUD's bezel, spinner, labels, grace time,
 * minimum show time, delayed hide, completion) drawn over an app's own
 * picture: the app owns the display or toolkit and hands each frame's
 * pixels to kh_stack_draw() — or, drawing with the GPU, composites a layer
 * of the HUDs alone (kh_layer_draw(); kioskhud-gl.h). See docs/c-api.md.
 *
 * Threading (as MBProgressHUD's main-thread rule): every function taking a
 * kh_stack, kh_hud or kh_layer must be called on the thread that created the stack
 * (kh_stack_new). From any other thread it does nothing and returns
 * KH_ERROR_WRONG_THREAD. Callbacks run on that thread, inside
 * kh_stack_dispatch(), kh_stack_advance_clock() or the call that caused
 * them (a hide without animation). kh_version(), kh_version_string(),
 * kh_status_string() and kh_last_error_message() may be called from any
 * thread. The library starts no thread.
 *
 * Errors: every fallible call returns a kh_status; on failure the calling
 * thread's kh_last_error_message() says what was wrong (as errno: per
 * thread, valid until that thread's next failing call).
 */
#ifndef KIOSKHUD_H
#define KIOSKHUD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KIOSKHUD_VERSION_MAJOR 0
#define KIOSKHUD_VERSION_MINOR 20
#define KIOSKHUD_VERSION_PATCH 0
/** MAJOR << 16 | MINOR << 8 | PATCH, as kh_version() returns it. */
#define KIOSKHUD_VERSION \
    ((KIOSKHUD_VERSION_MAJOR << 16) | (KIOSKHUD_VERSION_MINOR << 8) | KIOSKHUD_VERSION_PATCH)

/** What a call did. */
typedef enum kh_status {
    KH_OK = 0,
    /** A NULL handle or pointer, or a value out of range. */
    KH_ERROR_INVALID_ARGUMENT = 1,
    /** A handle that was freed (or never made by this library). */
    KH_ERROR_INVALID_HANDLE = 2,
    /** Called from a thread other than the stack's. */
    KH_ERROR_WRONG_THREAD = 3,
    /** A pixel format kh_stack_draw does not take. */
    KH_ERROR_UNSUPPORTED_FORMAT = 4,
    /** Width, height or stride do not describe a usable buffer. */
    KH_ERROR_BAD_BUFFER = 5,
    /** The operation needs something this stack lacks (a manual clock). */
    KH_ERROR_UNSUPPORTED = 6,
    /** A system call failed (epoll, timerfd, eventfd). */
    KH_ERROR_SYSTEM = 7,
    /** Drawing failed (a library missing, a bad image). */
    KH_ERROR_RENDER = 8,
    /** A theme file could not be read or had errors (what it could read applies). */
    KH_ERROR_THEME = 9,
    /** The rectangle array was too small; *count says how many there are. */
    KH_ERROR_TOO_MANY_RECTS = 10,
    /** No display could be opened (kh_screen_open). */
    KH_ERROR_NO_DISPLAY = 11
} kh_status;

/** A stack of HUDs and the clock and timers they run on. */
typedef struct kh_stack kh_stack;
/** One HUD in a stack. */
typedef struct kh_hud kh_hud;
/** The display, when KioskHUD owns it (kh_screen_open). */
typedef struct kh_screen kh_screen;
/** The HUDs alone on a buffer the app composites itself (GPU apps; kh_layer_new). Since 0.20. */
typedef struct kh_layer kh_layer;

/** What the bezel shows above its labels (MBProgressHUDMode). */
typedef enum kh_mode {
    KH_MODE_INDETERMINATE = 0,
    KH_MODE_DETERMINATE = 1,
    KH_MODE_BAR = 2,
    KH_MODE_ANNULAR = 3,
    KH_MODE_TEXT = 4,
    KH_MODE_SUCCESS = 5,
    KH_MODE_FAILURE = 6
} kh_mode;

/** Where a HUD is in its show/hide cycle. */
typedef enum kh_hud_state {
    KH_HUD_HIDDEN = 0,
    /** show() was called; waiting out the grace time. Nothing drawn. */
    KH_HUD_GRACE = 1,
    KH_HUD_SHOWN = 2,
    KH_HUD_HIDING = 3
} kh_hud_state;

/** kh_stack_pointer events. */
typedef enum kh_pointer_event {
    KH_POINTER_DOWN = 0,
    KH_POINTER_MOVE = 1,
    KH_POINTER_UP = 2,
    KH_POINTER_CANCEL = 3
} kh_pointer_event;

/** Pixel formats of kh_stack_draw, as DRM fourcc codes (drm_fourcc.h). */
#define KH_FORMAT_XRGB8888 0x34325258u /* 'XR24' */
#define KH_FORMAT_ARGB8888 0x34325241u /* 'AR24', premultiplied */
/** For a kh_layer only: premultiplied, bytes R, G, B, A in memory on little-endian (GL_RGBA). */
#define KH_FORMAT_ABGR8888 0x34324241u /* 'AB24' */

/** kh_stack_new flags. */
#define KH_STACK_MANUAL_CLOCK 0x1u /* time moves only by kh_stack_advance_clock (tests) */

/** kh_stack_draw never names more rectangles than this. */
#define KH_DRAW_MAX_RECTS 8

/** A rectangle in buffer pixels. */
typedef struct kh_rect {
    int32_t x, y, width, height;
} kh_rect;

/** Called when a HUD has gone (once per show), or its button was pressed. */
typedef void (*kh_hud_callback)(kh_hud *hud, void *user_data);
/** Paints the app's picture once: width x height XRGB8888 pixels, stride bytes a row, upright. */
typedef void (*kh_content_callback)(uint32_t *pixels, int32_t width, int32_t height, int32_t stride,
                                    void *user_data);

/* --- Version and errors (any thread) --- */

/** The library's version, MAJOR << 16 | MINOR << 8 | PATCH. */
uint32_t kh_version(void);
/** The library's version as "MAJOR.MINOR.PATCH". Static storage. */
const char *kh_version_string(void);
/** A short English name for status. Static storage. */
const char *kh_status_string(kh_status status);
/** What the calling thread's last failing call reported; "" when none. */
const char *kh_last_error_message(void);

/* --- Stack --- */

/** Makes a stack on the calling thread, which becomes its thread. */
kh_status kh_stack_new(uint32_t flags, kh_stack **out);
/** Frees the stack and every HUD still in it (their handles become invalid). NULL is ignored. */
kh_status kh_stack_free(kh_stack *stack);
/**
 * A file descriptor to poll for reading (an epoll fd over the stack's timerfd
 * and wake-up eventfd): when readable, call kh_stack_dispatch(). Owned by the
 * stack. -1 on error.
 */
int kh_stack_get_fd(kh_stack *stack);
/** Runs what is due without blocking: timers (grace, min-show, delayed hide, animations) and callbacks. */
kh_status kh_stack_dispatch(kh_stack *stack);
/**
 * In *ms: milliseconds until the HUDs need a new frame drawn (0: now), or -1
 * when nothing on screen will change by itself. Ask after every kh_ call and
 * kh_stack_dispatch().
 */
kh_status kh_stack_next_frame_ms(kh_stack *stack, int *ms);
/** Moves a KH_STACK_MANUAL_CLOCK stack's clock forward, firing what falls due. */
kh_status kh_stack_advance_clock(kh_stack *stack, uint32_t ms);
/** Applies a theme file (JSON: colours, fonts, sizes; see README) to the stack's HUDs, existing and new. */
kh_status kh_stack_set_theme_file(kh_stack *stack, const char *path);

/**
 * The device's tilt for the motion effect (parallax): the app's accelerometer
 * reading, each axis -1...1 (+x moves the bezel right, +y down).
 */
kh_status kh_stack_set_tilt(kh_stack *stack, double x, double y);
/**
 * A touch or pointer event at (x, y) in the pixels of the last kh_stack_draw's
 * buffer (or kh_layer_draw's layer, whichever ran last): a press and release
 * inside a HUD's button runs its callback (on UP).
 * In *taken (may be NULL): 1 when a button took it, so the app should not
 * pass it on.
 */
kh_status kh_stack_pointer(kh_stack *stack, kh_pointer_event event, double x, double y, int *taken);

/**
 * Draws the visible HUDs over the app's frame in pixels (width x height,
 * stride bytes a row, format KH_FORMAT_*), at scale device pixels per point,
 * turned by rotation degrees (0, 90, 180, 270) for the panel.
 *
 * Before each call the buffer must hold the app's picture alone: where an
 * earlier call drew HUDs into this buffer, the app has drawn its own pixels
 * again. The blur under a bezel shows that picture.
 *
 * rects (capacity entries; KH_DRAW_MAX_RECTS are always enough) receives
 * where the buffer now differs from the app's picture and where it did
 * after the previous call: what to flush or flip for the screen to show
 * the change; *count says how many. With rects NULL and capacity 0 only
 * *count is set (KH_OK).
 */
kh_status kh_stack_draw(kh_stack *stack, void *pixels, int32_t width, int32_t height,
                        int32_t stride, uint32_t format, double scale, int32_t rotation,
                        kh_rect *rects, size_t capacity, size_t *count);

/* --- The HUD layer: the app composites the HUDs (GPU apps). Since 0.20. --- */

/** kh_layer_frame.bezels never holds more than this (the topmost HUDs'). */
#define KH_LAYER_MAX_BEZELS 8

/** A drawn bezel: what a compositor that blurs the app's frame under it blurs. */
typedef struct kh_bezel {
    kh_rect rect;        /* the pixels it covers (zoomed by its show/hide animation) */
    float corner_radius; /* in pixels */
    float opacity;       /* 0...1: it fades in and out */
} kh_bezel;

/**
 * What kh_layer_draw drew. The fields are 4 bytes each and pixels is last,
 * so the layout is the same with 32- and 64-bit pointers.
 */
typedef struct kh_layer_frame {
    int32_t width, height, stride; /* stride: bytes a row (width * 4) */
    uint32_t format;               /* KH_FORMAT_ARGB8888 or KH_FORMAT_ABGR8888, as kh_layer_new was given */
    /** The box every HUD pixel is in (the whole layer while a HUD dims the
     *  screen); width 0 when the layer is all transparent: draw nothing. */
    kh_rect extent;
    uint32_t rect_count;           /* entries of rects */
    uint32_t bezel_count;          /* entries of bezels */
    /** Where the buffer changed since the previous kh_layer_draw (all of it
     *  the first time): upload these, nothing else. */
    kh_rect rects[KH_DRAW_MAX_RECTS];
    kh_bezel bezels[KH_LAYER_MAX_BEZELS]; /* bottom HUD first */
    /** As kh_stack_next_frame_ms after the draw: ms until the next frame is
     *  due (0: now), -1 when nothing will change by itself. */
    int32_t next_frame_ms;
    uint32_t frame_number;         /* draws of this layer so far, this one included */
    /** The layer's pixels: top row first, premultiplied. Owned by the layer
     *  (the same address for its life; see kh_layer_new). */
    const void *pixels;
} kh_layer_frame;

/**
 * Makes stack's layer: a width x height buffer, owned by the library, that
 * kh_layer_draw fills with the HUDs alone — dimming, bezel, indicator,
 * labels, button — over transparency, premultiplied, in format
 * KH_FORMAT_ARGB8888 (bytes B, G, R, A on little-endian: DRM, Cairo,
 * GL_BGRA_EXT) or KH_FORMAT_ABGR8888 (bytes R, G, B, A: GL_RGBA), at scale
 * device pixels per point, turned by rotation degrees (0, 90, 180, 270).
 * The layer cannot see the app's pixels: a blurred bezel is its tint alone
 * (kioskhud-gl can blur under kh_layer_frame.bezels on the GPU).
 *
 * Ownership: the app reads the buffer in place — uploads straight from
 * kh_layer_frame.pixels, no copy — until its next kh_layer_draw or
 * kh_layer_free, and never writes to it. One layer per stack; it is freed
 * with the stack. kh_stack_pointer positions are in the pixels of whichever
 * of kh_stack_draw and kh_layer_draw ran last.
 */
kh_status kh_layer_new(kh_stack *stack, int32_t width, int32_t height, uint32_t format, double scale,
                       int32_t rotation, kh_layer **out);
/**
 * Draws the HUDs as they are now into the layer's buffer, rewriting only
 * what changed, and fills *frame (the buffer, its extent, the changed
 * rectangles, the bezels, when the next frame is due). Call it when
 * kh_stack_next_frame_ms says 0, then upload frame->rects and composite.
 */
kh_status kh_layer_draw(kh_layer *layer, kh_layer_frame *frame);
/** Frees the layer and its buffer. NULL is ignored. */
kh_status kh_layer_free(kh_layer *layer);

/* --- The HUD's plane in the app's own atomic commit (apps that own KMS). Since 0.20. --- */

/** The HUDs on an overlay plane the app's atomic commits carry (kh_plane_new). Since 0.20. */
typedef struct kh_plane kh_plane;
/* libdrm's drmModeAtomicReq (xf86drmMode.h); this header does not need libdrm's. */
struct _drmModeAtomicReq;

/**
 * Makes stack's plane for an app that owns atomic KMS on drm_fd (its open
 * card, atomic client cap set; kept open by the app for the plane's life)
 * and drives CRTC crtc_id at a width x height mode: the HUDs, drawn as
 * kh_layer_draw draws them (tinted bezel, no blur), at scale device pixels
 * per point, on an overlay plane over the app's primary plane — premultiplied
 * ARGB8888 in two dumb buffers the library owns. The plane is chosen as
 * KioskHUD chooses its own (ARGB8888, premultiplied blending, zpos above the
 * primary) and proved by the first kh_plane_apply. The app must not use
 * that plane itself. KH_ERROR_UNSUPPORTED when the CRTC has no usable
 * overlay plane (the message says why each was refused): composite
 * kh_layer_draw's layer instead. One plane per stack, no kh_layer or
 * kh_screen beside it; freed with the stack.
 */
kh_status kh_plane_new(kh_stack *stack, int drm_fd, uint32_t crtc_id, int32_t width, int32_t height,
                       double scale, kh_plane **out);
/**
 * Draws the HUDs as they are now into the plane's buffer that is not on
 * screen and adds the plane showing it to req, the app's request for this
 * frame; never commits. flags are the flags the app will commit req with
 * (DRM_MODE_ATOMIC_ALLOW_MODESET, _NONBLOCK, DRM_MODE_PAGE_FLIP_EVENT;
 * TEST_ONLY is refused). The first call proves the plane: a TEST_ONLY
 * commit of a copy of req with the plane added; when the driver refuses
 * every overlay plane, KH_ERROR_UNSUPPORTED and req is as it was. Call it
 * once per frame the app commits (kh_stack_next_frame_ms says when the HUDs
 * want one), then commit req; after its flip event (or a blocking commit's
 * return) call kh_plane_commit_done, and not kh_plane_apply again before
 * it (after a failed commit, call it again at once). *plane_id (may be
 * NULL): the plane used. No self-committing mode: see docs/c-api.md.
 */
kh_status kh_plane_apply(kh_plane *plane, struct _drmModeAtomicReq *req, uint32_t flags, uint32_t *plane_id);
/**
 * The app's commit that carried the last kh_plane_apply is on screen: the
 * buffer it showed becomes the front, and the next kh_plane_apply draws into
 * the other one. Until it is called kh_plane_apply keeps drawing into the
 * buffer not yet shown (a commit that failed loses nothing).
 */
kh_status kh_plane_commit_done(kh_plane *plane);
/**
 * Frees the plane and its buffers; removing a framebuffer the screen shows
 * turns the plane off (the kernel does it). NULL is ignored.
 */
kh_status kh_plane_free(kh_plane *plane);

/* --- HUDs --- */

/** Makes a hidden HUD in stack with MBProgressHUD's defaults (and the stack's theme). */
kh_status kh_hud_new(kh_stack *stack, kh_hud **out);
/** Removes the HUD from its stack at once (no completion) and frees the handle. NULL is ignored. */
kh_status kh_hud_free(kh_hud *hud);

/** Shows the HUD, after its grace time if set. */
kh_status kh_hud_show(kh_hud *hud, int animated);
/** Hides the HUD once it has been up its minimum show time. */
kh_status kh_hud_hide(kh_hud *hud, int animated);
/** Hides the HUD after delay_ms, replacing an earlier delayed hide. */
kh_status kh_hud_hide_after(kh_hud *hud, int animated, uint32_t delay_ms);
/** The HUD's state. */
kh_status kh_hud_get_state(kh_hud *hud, kh_hud_state *state);

kh_status kh_hud_set_grace_time(kh_hud *hud, uint32_t ms);
kh_status kh_hud_set_min_show_time(kh_hud *hud, uint32_t ms);
kh_status kh_hud_set_mode(kh_hud *hud, kh_mode mode);
/** Shows the PNG file at path as the indicator (MBProgressHUDModeCustomView); read when drawn. */
kh_status kh_hud_set_custom_image(kh_hud *hud, const char *path);
/** Progress in 0...1 (clamped; NaN keeps the old value). */
kh_status kh_hud_set_progress(kh_hud *hud, double progress);
/** UTF-8; NULL or "" for none. Copied. */
kh_status kh_hud_set_label(kh_hud *hud, const char *text);
kh_status kh_hud_set_details(kh_hud *hud, const char *text);
/** Colours as 0xAARRGGBB (not premultiplied). */
kh_status kh_hud_set_bezel_color(kh_hud *hud, uint32_t argb);
kh_status kh_hud_set_content_color(kh_hud *hud, uint32_t argb);
/** The colour over the whole screen behind the bezel (clear by default). */
kh_status kh_hud_set_background_color(kh_hud *hud, uint32_t argb);
/** Tilting the device moves the bezel (parallax); off by default. */
kh_status kh_hud_set_motion_effect(kh_hud *hud, int enabled);
/** A button under the labels titled title (NULL/"": none); callback runs when it is pressed. */
kh_status kh_hud_set_button(kh_hud *hud, const char *title, kh_hud_callback callback, void *user_data);
/** Presses the HUD's button (the app's own input: a key or a touch on it). */
kh_status kh_hud_press_button(kh_hud *hud);
/** Called once each time the HUD has gone (completionBlock); NULL clears it. */
kh_status kh_hud_set_completion(kh_hud *hud, kh_hud_callback callback, void *user_data);

/* --- KioskHUD owns the display (as HUDScreen.open) --- */

/**
 * Opens the display — every connected KMS output at its own mode, fbdev while
 * no GPU driver has loaded — and shows stack's HUDs on it, over the picture
 * content paints (called once, at the first output's upright size; NULL: a
 * black screen). Its fds (the card, page flips, hotplug, VT switches) join the
 * stack's fd: keep polling it and calling kh_stack_dispatch(). Returns once
 * the first picture is up (dispatching meanwhile), or KH_ERROR_NO_DISPLAY
 * after 8 s without one. kh_stack_draw is refused while it is open.
 * Blocks SIGUSR1 and SIGUSR2 in the calling thread (VT switching): block them
 * in every other thread too.
 */
kh_status kh_screen_open(kh_stack *stack, kh_content_callback content, void *user_data, kh_screen **out);
/** In *settled: 1 when every output shows the HUDs as they are now (no fade, labels drawn), else 0. */
kh_status kh_screen_is_settled(kh_screen *screen, int *settled);
/** In *frames: the frames put on screen so far, on every output. */
kh_status kh_screen_get_frame_count(kh_screen *screen, uint64_t *frames);
/** Stops drawing, gives the console back and frees the handle. NULL is ignored. */
kh_status kh_screen_close(kh_screen *screen);

#ifdef __cplusplus
}
#endif

#endif /* KIOSKHUD_H */
