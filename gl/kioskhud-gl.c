/* kioskhud-gl: the HUD layer composited in the app's GLES2 context
 * (include/kioskhud-gl.h says what and when). */
#include <kioskhud-gl.h>

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The blur: the frame around a bezel halved, then BLUR_PASSES horizontal and
 * vertical box passes of 2 * BLUR_TAPS + 1 texels each (on the half-size copy). */
enum { BLUR_TAPS = 4, BLUR_PASSES = 2, BLUR_MARGIN = 2 * BLUR_TAPS * BLUR_PASSES * 2 };

/* OpenGL ES 3's pixel unpack buffer: while one is bound, glTexSubImage2D's pointer is an offset into it. */
#ifndef GL_PIXEL_UNPACK_BUFFER
#define GL_PIXEL_UNPACK_BUFFER 0x88EC
#define GL_PIXEL_UNPACK_BUFFER_BINDING 0x88EF
#endif

struct khgl_compositor {
    GLuint layer_program, blur_program, mask_program, buffer;
    GLint layer_texture_uniform;
    GLint blur_texture_uniform, blur_step_uniform;
    GLint mask_texture_uniform, mask_rect_uniform, mask_radius_uniform, mask_opacity_uniform;
    GLuint layer_texture;
    int32_t texture_width, texture_height;
    uint32_t texture_format, last_frame;
    int has_unpack_subimage, has_bgra, is_es3;
    /* The blur's textures: the frame around the bezel, its half-size copy, and a scratch one. */
    GLuint copy_texture, half_texture, scratch_texture, framebuffer;
    char error[256];
};

static char new_error[256];

static void set_error(char *buffer, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(buffer, 256, format, args);
    va_end(args);
}

static const char vertex_source[] =
    "attribute vec2 a_position;\n"
    "attribute vec2 a_texcoord;\n"
    "varying vec2 v_texcoord;\n"
    "void main() { gl_Position = vec4(a_position, 0.0, 1.0); v_texcoord = a_texcoord; }\n";

#define FRAGMENT_PRECISION \
    "#ifdef GL_FRAGMENT_PRECISION_HIGH\nprecision highp float;\n#else\nprecision mediump float;\n#endif\n"

static const char layer_source[] = FRAGMENT_PRECISION
    "uniform sampler2D u_texture;\n"
    "varying vec2 v_texcoord;\n"
    "void main() { gl_FragColor = texture2D(u_texture, v_texcoord); }\n";

/* One box pass: 2 * BLUR_TAPS + 1 texels along u_step. */
static const char blur_source[] = FRAGMENT_PRECISION
    "uniform sampler2D u_texture;\n"
    "uniform vec2 u_step;\n"
    "varying vec2 v_texcoord;\n"
    "void main() {\n"
    "    vec4 sum = vec4(0.0);\n"
    "    for (int i = -4; i <= 4; i++) sum += texture2D(u_texture, v_texcoord + float(i) * u_step);\n"
    "    gl_FragColor = sum / 9.0;\n"
    "}\n";

/* The blurred copy inside the bezel's rounded rectangle (window pixels:
 * u_rect = x0, y0, x1, y1), faded by u_opacity; nothing outside it. */
static const char mask_source[] = FRAGMENT_PRECISION
    "uniform sampler2D u_texture;\n"
    "uniform vec4 u_rect;\n"
    "uniform float u_radius;\n"
    "uniform float u_opacity;\n"
    "varying vec2 v_texcoord;\n"
    "void main() {\n"
    "    vec2 centre = (u_rect.xy + u_rect.zw) * 0.5;\n"
    "    vec2 half_size = (u_rect.zw - u_rect.xy) * 0.5;\n"
    "    vec2 d = abs(gl_FragCoord.xy - centre) - half_size + vec2(u_radius);\n"
    "    float distance = length(max(d, 0.0)) + min(max(d.x, d.y), 0.0) - u_radius;\n"
    "    float coverage = clamp(0.5 - distance, 0.0, 1.0) * u_opacity;\n"
    "    if (coverage <= 0.0) discard;\n"
    "    gl_FragColor = vec4(texture2D(u_texture, v_texcoord).rgb, coverage);\n"
    "}\n";

static GLuint compile(GLenum type, const char *source, char *error) {
    GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, NULL);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[200] = "";
        glGetShaderInfoLog(shader, sizeof log, NULL, log);
        set_error(error, "kioskhud-gl: a shader does not compile: %s", log);
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

static GLuint link(const char *fragment_source, char *error) {
    GLuint vertex = compile(GL_VERTEX_SHADER, vertex_source, error);
    GLuint fragment = vertex ? compile(GL_FRAGMENT_SHADER, fragment_source, error) : 0;
    if (!fragment) {
        if (vertex) glDeleteShader(vertex);
        return 0;
    }
    GLuint program = glCreateProgram();
    glAttachShader(program, vertex);
    glAttachShader(program, fragment);
    glBindAttribLocation(program, 0, "a_position");
    glBindAttribLocation(program, 1, "a_texcoord");
    glLinkProgram(program);
    glDeleteShader(vertex);
    glDeleteShader(fragment);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[200] = "";
        glGetProgramInfoLog(program, sizeof log, NULL, log);
        set_error(error, "kioskhud-gl: a program does not link: %s", log);
        glDeleteProgram(program);
        return 0;
    }
    return program;
}

static int has_extension(const char *name) {
    const char *all = (const char *)glGetString(GL_EXTENSIONS);
    size_t length = strlen(name);
    for (const char *p = all; p && (p = strstr(p, name)); p += length)
        if ((p == all || p[-1] == ' ') && (p[length] == ' ' || p[length] == '\0')) return 1;
    return 0;
}

static GLuint new_texture(void) {
    GLuint texture;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    return texture;
}

/* The GL state khgl_composite changes, as the app left it. */
typedef struct saved_state {
    GLint program, active_texture, texture, array_buffer, framebuffer, viewport[4];
    GLint unpack_alignment, unpack_row_length, unpack_skip_rows, unpack_skip_pixels, unpack_buffer;
    GLboolean blend, scissor, depth, stencil, cull, dither, color_mask[4];
    GLint blend_src_rgb, blend_dst_rgb, blend_src_alpha, blend_dst_alpha, blend_equation_rgb, blend_equation_alpha;
    struct {
        GLint enabled, size, type, normalized, stride, buffer;
        void *pointer;
    } attribute[2];
} saved_state;

static void save_state(const khgl_compositor *c, saved_state *s) {
    glGetIntegerv(GL_CURRENT_PROGRAM, &s->program);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &s->active_texture);
    glActiveTexture(GL_TEXTURE0);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &s->texture);
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &s->array_buffer);
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &s->framebuffer);
    glGetIntegerv(GL_VIEWPORT, s->viewport);
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &s->unpack_alignment);
    s->unpack_row_length = s->unpack_skip_rows = s->unpack_skip_pixels = s->unpack_buffer = 0;
    if (c->has_unpack_subimage) {
        glGetIntegerv(GL_UNPACK_ROW_LENGTH_EXT, &s->unpack_row_length);
        glGetIntegerv(GL_UNPACK_SKIP_ROWS_EXT, &s->unpack_skip_rows);
        glGetIntegerv(GL_UNPACK_SKIP_PIXELS_EXT, &s->unpack_skip_pixels);
    }
    if (c->is_es3) glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &s->unpack_buffer);
    s->blend = glIsEnabled(GL_BLEND);
    s->scissor = glIsEnabled(GL_SCISSOR_TEST);
    s->depth = glIsEnabled(GL_DEPTH_TEST);
    s->stencil = glIsEnabled(GL_STENCIL_TEST);
    s->cull = glIsEnabled(GL_CULL_FACE);
    s->dither = glIsEnabled(GL_DITHER);
    glGetBooleanv(GL_COLOR_WRITEMASK, s->color_mask);
    glGetIntegerv(GL_BLEND_SRC_RGB, &s->blend_src_rgb);
    glGetIntegerv(GL_BLEND_DST_RGB, &s->blend_dst_rgb);
    glGetIntegerv(GL_BLEND_SRC_ALPHA, &s->blend_src_alpha);
    glGetIntegerv(GL_BLEND_DST_ALPHA, &s->blend_dst_alpha);
    glGetIntegerv(GL_BLEND_EQUATION_RGB, &s->blend_equation_rgb);
    glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &s->blend_equation_alpha);
    for (GLuint i = 0; i < 2; i++) {
        glGetVertexAttribiv(i, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &s->attribute[i].enabled);
        glGetVertexAttribiv(i, GL_VERTEX_ATTRIB_ARRAY_SIZE, &s->attribute[i].size);
        glGetVertexAttribiv(i, GL_VERTEX_ATTRIB_ARRAY_TYPE, &s->attribute[i].type);
        glGetVertexAttribiv(i, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED, &s->attribute[i].normalized);
        glGetVertexAttribiv(i, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &s->attribute[i].stride);
        glGetVertexAttribiv(i, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &s->attribute[i].buffer);
        glGetVertexAttribPointerv(i, GL_VERTEX_ATTRIB_ARRAY_POINTER, &s->attribute[i].pointer);
    }
}

static void set_enabled(GLenum capability, GLboolean enabled) {
    if (enabled)
        glEnable(capability);
    else
        glDisable(capability);
}

static void restore_state(const khgl_compositor *c, const saved_state *s) {
    for (GLuint i = 0; i < 2; i++) {
        glBindBuffer(GL_ARRAY_BUFFER, (GLuint)s->attribute[i].buffer);
        glVertexAttribPointer(i, s->attribute[i].size, (GLenum)s->attribute[i].type, (GLboolean)s->attribute[i].normalized,
                              s->attribute[i].stride, s->attribute[i].pointer);
        if (s->attribute[i].enabled)
            glEnableVertexAttribArray(i);
        else
            glDisableVertexAttribArray(i);
    }
    glBindBuffer(GL_ARRAY_BUFFER, (GLuint)s->array_buffer);
    glUseProgram((GLuint)s->program);
    glBindTexture(GL_TEXTURE_2D, (GLuint)s->texture);
    glActiveTexture((GLenum)s->active_texture);
    glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)s->framebuffer);
    glViewport(s->viewport[0], s->viewport[1], s->viewport[2], s->viewport[3]);
    glPixelStorei(GL_UNPACK_ALIGNMENT, s->unpack_alignment);
    if (c->has_unpack_subimage) {
        glPixelStorei(GL_UNPACK_ROW_LENGTH_EXT, s->unpack_row_length);
        glPixelStorei(GL_UNPACK_SKIP_ROWS_EXT, s->unpack_skip_rows);
        glPixelStorei(GL_UNPACK_SKIP_PIXELS_EXT, s->unpack_skip_pixels);
    }
    if (c->is_es3) glBindBuffer(GL_PIXEL_UNPACK_BUFFER, (GLuint)s->unpack_buffer);
    set_enabled(GL_BLEND, s->blend);
    set_enabled(GL_SCISSOR_TEST, s->scissor);
    set_enabled(GL_DEPTH_TEST, s->depth);
    set_enabled(GL_STENCIL_TEST, s->stencil);
    set_enabled(GL_CULL_FACE, s->cull);
    set_enabled(GL_DITHER, s->dither);
    glColorMask(s->color_mask[0], s->color_mask[1], s->color_mask[2], s->color_mask[3]);
    glBlendFuncSeparate((GLenum)s->blend_src_rgb, (GLenum)s->blend_dst_rgb, (GLenum)s->blend_src_alpha,
                        (GLenum)s->blend_dst_alpha);
    glBlendEquationSeparate((GLenum)s->blend_equation_rgb, (GLenum)s->blend_equation_alpha);
}

kh_status khgl_new(khgl_compositor **out) {
    if (!out) {
        set_error(new_error, "khgl_new: out is NULL");
        return KH_ERROR_INVALID_ARGUMENT;
    }
    *out = NULL;
    while (glGetError() != GL_NO_ERROR) {
    }
    khgl_compositor *c = calloc(1, sizeof *c);
    if (!c) {
        set_error(new_error, "khgl_new: out of memory");
        return KH_ERROR_SYSTEM;
    }
    GLint program = 0, texture = 0, array_buffer = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &program);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture);
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &array_buffer);
    c->layer_program = link(layer_source, new_error);
    c->blur_program = c->layer_program ? link(blur_source, new_error) : 0;
    c->mask_program = c->blur_program ? link(mask_source, new_error) : 0;
    if (!c->mask_program) {
        khgl_free(c);
        return KH_ERROR_RENDER;
    }
    c->layer_texture_uniform = glGetUniformLocation(c->layer_program, "u_texture");
    c->blur_texture_uniform = glGetUniformLocation(c->blur_program, "u_texture");
    c->blur_step_uniform = glGetUniformLocation(c->blur_program, "u_step");
    c->mask_texture_uniform = glGetUniformLocation(c->mask_program, "u_texture");
    c->mask_rect_uniform = glGetUniformLocation(c->mask_program, "u_rect");
    c->mask_radius_uniform = glGetUniformLocation(c->mask_program, "u_radius");
    c->mask_opacity_uniform = glGetUniformLocation(c->mask_program, "u_opacity");
    glGenBuffers(1, &c->buffer);
    c->layer_texture = new_texture();
    /* The layer is drawn pixel for pixel. */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    c->copy_texture = new_texture();
    c->half_texture = new_texture();
    c->scratch_texture = new_texture();
    glGenFramebuffers(1, &c->framebuffer);
    const char *version = (const char *)glGetString(GL_VERSION);
    c->is_es3 = version && strncmp(version, "OpenGL ES ", 10) == 0 && version[10] >= '3';
    /* Row length and skips: the extension on ES 2, core (the same enums) since ES 3.0. */
    c->has_unpack_subimage = c->is_es3 || has_extension("GL_EXT_unpack_subimage");
    c->has_bgra = has_extension("GL_EXT_texture_format_BGRA8888");
    glUseProgram((GLuint)program);
    glBindTexture(GL_TEXTURE_2D, (GLuint)texture);
    glBindBuffer(GL_ARRAY_BUFFER, (GLuint)array_buffer);
    GLenum error = glGetError();
    if (error != GL_NO_ERROR) {
        set_error(new_error, "khgl_new: GL error 0x%04x making the shaders and textures", error);
        khgl_free(c);
        return KH_ERROR_RENDER;
    }
    *out = c;
    return KH_OK;
}

const char *khgl_error(const khgl_compositor *c) { return c ? c->error : new_error; }

void khgl_free(khgl_compositor *c) {
    if (!c) return;
    if (c->layer_program) glDeleteProgram(c->layer_program);
    if (c->blur_program) glDeleteProgram(c->blur_program);
    if (c->mask_program) glDeleteProgram(c->mask_program);
    GLuint textures[] = {c->layer_texture, c->copy_texture, c->half_texture, c->scratch_texture};
    glDeleteTextures(4, textures);
    if (c->buffer) glDeleteBuffers(1, &c->buffer);
    if (c->framebuffer) glDeleteFramebuffers(1, &c->framebuffer);
    free(c);
}

/* Draws a rectangle of window pixels (x0, y0)-(x1, y1) of a w x h target,
 * sampling (s0, t0)-(s1, t1), with the bound program. */
static void draw_quad(GLuint buffer, float w, float h, float x0, float y0, float x1, float y1, float s0, float t0,
                      float s1, float t1) {
    float ax = 2 * x0 / w - 1, ay = 2 * y0 / h - 1, bx = 2 * x1 / w - 1, by = 2 * y1 / h - 1;
    const float vertices[] = {ax, ay, s0, t0, bx, ay, s1, t0, ax, by, s0, t1, bx, by, s1, t1};
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glBufferData(GL_ARRAY_BUFFER, sizeof vertices, vertices, GL_STREAM_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(float), (const void *)0);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(float), (const void *)(2 * sizeof(float)));
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* The layer's texture brought up to date: its changed rectangles (with a row
 * length; without one, the whole rows they are in), or all of it. */
static void upload(khgl_compositor *c, const kh_layer_frame *f, GLenum format, int whole) {
    glBindTexture(GL_TEXTURE_2D, c->layer_texture);
    /* The app's unpacking settings are its own: rows of stride bytes, nothing skipped, client memory. */
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    if (c->has_unpack_subimage) {
        glPixelStorei(GL_UNPACK_ROW_LENGTH_EXT, f->stride / 4);
        glPixelStorei(GL_UNPACK_SKIP_ROWS_EXT, 0);
        glPixelStorei(GL_UNPACK_SKIP_PIXELS_EXT, 0);
    }
    if (c->is_es3) glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    const uint8_t *pixels = f->pixels;
    int packed = c->has_unpack_subimage || f->stride == f->width * 4;
    if (whole || c->texture_width != f->width || c->texture_height != f->height || c->texture_format != f->format) {
        glTexImage2D(GL_TEXTURE_2D, 0, (GLint)format, f->width, f->height, 0, format, GL_UNSIGNED_BYTE, packed ? pixels : NULL);
        if (!packed)
            for (int y = 0; y < f->height; y++)
                glTexSubImage2D(GL_TEXTURE_2D, 0, 0, y, f->width, 1, format, GL_UNSIGNED_BYTE, pixels + (size_t)y * f->stride);
        c->texture_width = f->width;
        c->texture_height = f->height;
        c->texture_format = f->format;
        return;
    }
    for (uint32_t i = 0; i < f->rect_count && i < KH_DRAW_MAX_RECTS; i++) {
        kh_rect r = f->rects[i];
        if (r.width <= 0 || r.height <= 0) continue;
        if (c->has_unpack_subimage) {
            glTexSubImage2D(GL_TEXTURE_2D, 0, r.x, r.y, r.width, r.height, format, GL_UNSIGNED_BYTE,
                            pixels + (size_t)r.y * f->stride + (size_t)r.x * 4);
        } else if (f->stride == f->width * 4) {
            /* Without a row length: the whole rows the rectangle is in. */
            glTexSubImage2D(GL_TEXTURE_2D, 0, 0, r.y, f->width, r.height, format, GL_UNSIGNED_BYTE,
                            pixels + (size_t)r.y * f->stride);
        } else {
            for (int y = r.y; y < r.y + r.height; y++)
                glTexSubImage2D(GL_TEXTURE_2D, 0, 0, y, f->width, 1, format, GL_UNSIGNED_BYTE, pixels + (size_t)y * f->stride);
        }
    }
}

/* Makes texture a w x h RGBA image (contents undefined). */
static void size_texture(GLuint texture, int w, int h) {
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}

/* The app's frame under one bezel, blurred, drawn back inside it. Window
 * coordinates have y up: the layer's row y is window row H - 1 - y. */
static void blur_under(khgl_compositor *c, const saved_state *s, const kh_layer_frame *f, const kh_bezel *b) {
    int W = f->width, H = f->height;
    int x0 = b->rect.x - BLUR_MARGIN, x1 = b->rect.x + b->rect.width + BLUR_MARGIN;
    int y0 = H - (b->rect.y + b->rect.height) - BLUR_MARGIN, y1 = H - b->rect.y + BLUR_MARGIN;
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > W) x1 = W;
    if (y1 > H) y1 = H;
    int cw = x1 - x0, ch = y1 - y0, hw = (cw + 1) / 2, hh = (ch + 1) / 2;
    if (cw < 2 || ch < 2) return;
    /* The frame around the bezel, copied on the GPU. */
    glBindTexture(GL_TEXTURE_2D, c->copy_texture);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, x0, y0, cw, ch, 0);
    /* Halved (bilinear at exactly half: 2 x 2 averages), then the box passes. */
    size_texture(c->half_texture, hw, hh);
    size_texture(c->scratch_texture, hw, hh);
    glBindFramebuffer(GL_FRAMEBUFFER, c->framebuffer);
    glViewport(0, 0, hw, hh);
    glUseProgram(c->layer_program);
    glUniform1i(c->layer_texture_uniform, 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, c->half_texture, 0);
    glBindTexture(GL_TEXTURE_2D, c->copy_texture);
    draw_quad(c->buffer, (float)hw, (float)hh, 0, 0, (float)hw, (float)hh, 0, 0, 1, 1);
    glUseProgram(c->blur_program);
    glUniform1i(c->blur_texture_uniform, 0);
    for (int pass = 0; pass < BLUR_PASSES; pass++) {
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, c->scratch_texture, 0);
        glBindTexture(GL_TEXTURE_2D, c->half_texture);
        glUniform2f(c->blur_step_uniform, 1.0f / (float)hw, 0);
        draw_quad(c->buffer, (float)hw, (float)hh, 0, 0, (float)hw, (float)hh, 0, 0, 1, 1);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, c->half_texture, 0);
        glBindTexture(GL_TEXTURE_2D, c->scratch_texture);
        glUniform2f(c->blur_step_uniform, 0, 1.0f / (float)hh);
        draw_quad(c->buffer, (float)hw, (float)hh, 0, 0, (float)hw, (float)hh, 0, 0, 1, 1);
    }
    /* Back into the app's frame, inside the rounded rectangle only. */
    glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)s->framebuffer);
    glViewport(0, 0, W, H);
    glUseProgram(c->mask_program);
    glUniform1i(c->mask_texture_uniform, 0);
    float bx0 = (float)b->rect.x, bx1 = (float)(b->rect.x + b->rect.width);
    float by0 = (float)(H - b->rect.y - b->rect.height), by1 = (float)(H - b->rect.y);
    glUniform4f(c->mask_rect_uniform, bx0, by0, bx1, by1);
    glUniform1f(c->mask_radius_uniform, b->corner_radius);
    glUniform1f(c->mask_opacity_uniform, b->opacity);
    glBindTexture(GL_TEXTURE_2D, c->half_texture);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    /* The half-size copy spans (x0, y0)-(x1, y1) of the window. */
    draw_quad(c->buffer, (float)W, (float)H, bx0, by0, bx1, by1, (bx0 - (float)x0) / (float)cw, (by0 - (float)y0) / (float)ch,
              (bx1 - (float)x0) / (float)cw, (by1 - (float)y0) / (float)ch);
}

kh_status khgl_composite(khgl_compositor *c, const kh_layer_frame *f, uint32_t flags) {
    if (!c || !f) {
        if (c) set_error(c->error, "khgl_composite: frame is NULL");
        return KH_ERROR_INVALID_ARGUMENT;
    }
    if (!f->pixels || f->width <= 0 || f->height <= 0 || f->stride < f->width * 4 || f->stride % 4) {
        set_error(c->error, "khgl_composite: the frame has no pixels or a bad size (%dx%d, stride %d): not from kh_layer_draw?",
                  f->width, f->height, f->stride);
        return KH_ERROR_INVALID_ARGUMENT;
    }
    GLenum format;
    if (f->format == KH_FORMAT_ABGR8888) {
        format = GL_RGBA;
    } else if (f->format == KH_FORMAT_ARGB8888 && c->has_bgra) {
        format = GL_BGRA_EXT;
    } else {
        set_error(c->error, "khgl_composite: format 0x%08x needs %s", f->format,
                  f->format == KH_FORMAT_ARGB8888 ? "GL_EXT_texture_format_BGRA8888, which this GL lacks: make the layer KH_FORMAT_ABGR8888"
                                                  : "to be KH_FORMAT_ARGB8888 or KH_FORMAT_ABGR8888");
        return KH_ERROR_UNSUPPORTED_FORMAT;
    }
    while (glGetError() != GL_NO_ERROR) {
    }
    saved_state s;
    save_state(c, &s);
    /* A skipped kh_layer_draw's changes are not in this frame's rects: all of it, then. */
    int whole = (flags & KHGL_FULL_UPLOAD) || f->frame_number != c->last_frame + 1;
    upload(c, f, format, whole);
    c->last_frame = f->frame_number;
    if (f->extent.width > 0 && f->extent.height > 0) {
        glDisable(GL_SCISSOR_TEST);
        glDisable(GL_DEPTH_TEST);
        glDisable(GL_STENCIL_TEST);
        glDisable(GL_CULL_FACE);
        glDisable(GL_DITHER);
        glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
        glBlendEquation(GL_FUNC_ADD);
        if (flags & KHGL_BLUR) {
            glDisable(GL_BLEND);
            for (uint32_t i = 0; i < f->bezel_count && i < KH_LAYER_MAX_BEZELS; i++) {
                if (f->bezels[i].opacity > 0) blur_under(c, &s, f, &f->bezels[i]);
                glDisable(GL_BLEND);
            }
        }
        glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)s.framebuffer);
        glViewport(0, 0, f->width, f->height);
        glEnable(GL_BLEND);
        glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
        glUseProgram(c->layer_program);
        glUniform1i(c->layer_texture_uniform, 0);
        glBindTexture(GL_TEXTURE_2D, c->layer_texture);
        /* Row 0 of the layer is the top: window y = H - row. Only the extent is drawn. */
        float W = (float)f->width, H = (float)f->height;
        kh_rect e = f->extent;
        draw_quad(c->buffer, W, H, (float)e.x, H - (float)(e.y + e.height), (float)(e.x + e.width), H - (float)e.y,
                  (float)e.x / W, (float)(e.y + e.height) / H, (float)(e.x + e.width) / W, (float)e.y / H);
    }
    restore_state(c, &s);
    GLenum error = glGetError();
    if (error != GL_NO_ERROR) {
        set_error(c->error, "khgl_composite: GL error 0x%04x", error);
        c->last_frame = 0; /* upload everything next time */
        return KH_ERROR_RENDER;
    }
    return KH_OK;
}
