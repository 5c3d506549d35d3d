#ifndef KIOSKHUD_BOOT_SEED_H
#define KIOSKHUD_BOOT_SEED_H

/// 1 when the kernel's random pool was not ready at exec, so this process
/// hashes with a fixed seed (SWIFT_DETERMINISTIC_HASHING) instead of waiting.
int kiosk_boot_seed_was_deterministic(void);

#endif
