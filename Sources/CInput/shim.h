#ifndef KIOSKHUD_CINPUT_SHIM_H
#define KIOSKHUD_CINPUT_SHIM_H
/* libinput's and xkbcommon's headers (Debian: libinput-dev, libxkbcommon-dev;
   their pkg-config --cflags add nothing beyond /usr/include). Headers only:
   nothing is linked, the functions come from CLazyInput, which dlopens both
   libraries on first use (libinput pulls in libwacom, GLib and GObject, which
   no command that reads no input may load: scripts/check-startup-libs.sh). */
#include <stdint.h>
#include <sys/ioctl.h>
#include <libinput.h>
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-keysyms.h>
#include <linux/input.h>

/* EVIOCGBIT is function-like: the requests for the event types and for the
   key, relative and absolute codes a device reports. */
static const unsigned long kiosk_EVIOCGBIT_EV = EVIOCGBIT(0, EV_MAX / 8 + 1);
static const unsigned long kiosk_EVIOCGBIT_KEY = EVIOCGBIT(EV_KEY, KEY_MAX / 8 + 1);
static const unsigned long kiosk_EVIOCGBIT_REL = EVIOCGBIT(EV_REL, REL_MAX / 8 + 1);
static const unsigned long kiosk_EVIOCGBIT_ABS = EVIOCGBIT(EV_ABS, ABS_MAX / 8 + 1);
static const unsigned long kiosk_EVIOCGPROP = EVIOCGPROP(INPUT_PROP_MAX / 8 + 1);

/* xkbcommon's modifier names are string macros. */
static const char *const kiosk_XKB_MOD_NAME_CTRL = XKB_MOD_NAME_CTRL;
static const char *const kiosk_XKB_MOD_NAME_SHIFT = XKB_MOD_NAME_SHIFT;
static const char *const kiosk_XKB_MOD_NAME_ALT = XKB_MOD_NAME_ALT;
static const char *const kiosk_XKB_MOD_NAME_LOGO = XKB_MOD_NAME_LOGO;
static const char *const kiosk_XKB_MOD_NAME_CAPS = XKB_MOD_NAME_CAPS;

#endif
