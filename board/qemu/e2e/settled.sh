# settled: waits (at most 60 s) until the daemon says the screen shows its
# current picture (`hud status`: settled=true — every change presented,
# labels drawn, no fade running). Sourced by the guest scripts; needs HUD and say.
settled() {
    n=0
    until "$HUD" status 2>/dev/null | grep -qx 'settled=true'; do
        n=$((n + 1)); [ $n -gt 600 ] && { say settled "timeout: never settled"; return 1; }
        sleep 0.1
    done
}
