#ifndef KIOSKHUD_CTEXT_SHIM_H
#define KIOSKHUD_CTEXT_SHIM_H
/* FreeType, HarfBuzz, FriBidi, libthai and fontconfig: headers only. The
 * functions come from CLazyText, which loads the libraries on first use. */
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include <hb.h>
#include <fribidi.h>
#include <thai/thbrk.h>
#include <thai/thwbrk.h>
#include <fontconfig/fontconfig.h>

/* Macros Swift cannot import (casts and expressions). */
static const FriBidiParType kiosk_FRIBIDI_PAR_ON = FRIBIDI_PAR_ON;
static const FriBidiParType kiosk_FRIBIDI_PAR_RTL = FRIBIDI_PAR_RTL;
static const FriBidiParType kiosk_FRIBIDI_PAR_LTR = FRIBIDI_PAR_LTR;
static const int kiosk_FT_LOAD_NO_HINTING = FT_LOAD_NO_HINTING;
static const int kiosk_FT_LOAD_NO_BITMAP = FT_LOAD_NO_BITMAP;
static const int kiosk_FT_LOAD_COLOR = FT_LOAD_COLOR;
static const char *const kiosk_FC_FILE = FC_FILE;
static const char *const kiosk_FC_INDEX = FC_INDEX;
static const char *const kiosk_FC_WEIGHT = FC_WEIGHT;
static const char *const kiosk_FC_LANG = FC_LANG;
static const char *const kiosk_FC_CHARSET = FC_CHARSET;
static const int kiosk_FC_WEIGHT_REGULAR = FC_WEIGHT_REGULAR;
static const int kiosk_FC_WEIGHT_SEMIBOLD = FC_WEIGHT_SEMIBOLD;
static const int kiosk_FC_WEIGHT_BOLD = FC_WEIGHT_BOLD;

#endif
