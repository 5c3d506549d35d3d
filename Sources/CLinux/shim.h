#ifndef KIOSKHUD_CLINUX_SHIM_H
#define KIOSKHUD_CLINUX_SHIM_H
/* Linux system calls the Glibc module does not bring in. Headers only: glibc. */
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <linux/vt.h>
#include <linux/kd.h>
#include <linux/fb.h>
#include <linux/netlink.h>
#include <malloc.h>

/* EPOLLIN and friends are enum members re-#defined; give Swift plain values. */
static const uint32_t kiosk_EPOLLIN = EPOLLIN;
static const uint32_t kiosk_EPOLLERR = EPOLLERR;
static const uint32_t kiosk_EPOLLHUP = EPOLLHUP;


/* SO_PEERGROUPS (Linux 4.13) is missing from older libc headers. */
#ifdef SO_PEERGROUPS
static const int kiosk_SO_PEERGROUPS = SO_PEERGROUPS;
#else
static const int kiosk_SO_PEERGROUPS = 59;
#endif

#endif
