#ifndef KIOSKHUD_CDRM_SHIM_H
#define KIOSKHUD_CDRM_SHIM_H
#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

/* fourcc_code() and the DRM_IOCTL_* numbers are function-like macros, which
   Swift does not import: re-export the ones we use as constants. */
static const uint32_t kiosk_DRM_FORMAT_XRGB8888 = DRM_FORMAT_XRGB8888;
static const uint32_t kiosk_DRM_FORMAT_ARGB8888 = DRM_FORMAT_ARGB8888;
static const uint32_t kiosk_DRM_FORMAT_RGB565 = DRM_FORMAT_RGB565;
static const unsigned long kiosk_DRM_IOCTL_SET_MASTER = DRM_IOCTL_SET_MASTER;
static const unsigned long kiosk_DRM_IOCTL_DROP_MASTER = DRM_IOCTL_DROP_MASTER;
static const unsigned long kiosk_DRM_IOCTL_MODE_CREATE_DUMB = DRM_IOCTL_MODE_CREATE_DUMB;
static const unsigned long kiosk_DRM_IOCTL_MODE_MAP_DUMB = DRM_IOCTL_MODE_MAP_DUMB;
static const unsigned long kiosk_DRM_IOCTL_MODE_DESTROY_DUMB = DRM_IOCTL_MODE_DESTROY_DUMB;

#endif
