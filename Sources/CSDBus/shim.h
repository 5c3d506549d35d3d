#ifndef KIOSKHUD_CSDBUS_SHIM_H
#define KIOSKHUD_CSDBUS_SHIM_H
/* sd-bus's header (Debian: libsystemd-dev). Headers only: nothing is linked,
   the functions come from CLazyBus, which dlopens libsystemd when `hud follow
   rauc` first talks D-Bus; no other command maps it (scripts/check-startup-libs.sh). */
#include <stdint.h>
#include <systemd/sd-bus.h>
#endif
