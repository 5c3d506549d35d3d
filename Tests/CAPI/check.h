/* The C API tests' one assertion: prints what failed and counts it. */
#ifndef KIOSKHUD_TEST_CHECK_H
#define KIOSKHUD_TEST_CHECK_H
#include <stdio.h>

static int check_failures;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (!(cond)) {                                                           \
            fprintf(stderr, "%s:%d: FAILED: %s (last error: %s)\n", __FILE__,    \
                    __LINE__, #cond, kh_last_error_message());                   \
            check_failures++;                                                    \
        }                                                                        \
    } while (0)

#endif
