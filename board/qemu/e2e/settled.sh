# settled: waits (at most 60 s) until the daemon says the screen shows its
# current picture (`hud status`: settled=true — every change presented,
# labels drawn, no fade running). Sourced by the guest scripts; needs HUD and say.
settled() {
    settled_polls=0
    until "$HUD" status 2>/dev/null | grep -qx 'settled=true'; do
        settled_polls=$((settled_polls + 1)); [ $settled_polls -gt 600 ] && { say settled "timeout: never settled"; return 1; }
        sleep 0.1
    done
}
