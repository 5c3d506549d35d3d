# Sourced by the guest scripts that drive `hud plymouthd` as a boot does
# (plymouthd-memory-guest.sh, startup-order-guest.sh).
# boot_session [PAUSE]: show-splash, then each unit's status and message as
# systemd and Debian's units send them, PAUSE seconds apart (default none).
boot_session() {
    plymouth show-splash
    for unit in systemd-udevd systemd-journald local-fs networking ssh getty; do
        plymouth update --status="$unit.service"
        plymouth display-message --text="Starting $unit"
        [ -n "${1:-}" ] && sleep "$1"
    done
}
