# Shared helpers of the displays guest scripts (sourced; needs HUD and here).
shot() { sh "$here/../guest/shot.sh" "$@"; }
say() { echo "[$1] $2"; }
. "$here/../guest/shots.sh"
# start NAME ARGS...: a daemon in the background; waits until it answers.
start() {
    name=$1; shift
    "$HUD" daemon --no-psplash "$@" > "/tmp/$name.out" 2>&1 &
    echo $! > "/tmp/$name.pid"
    i=0
    until "$HUD" ping > /dev/null 2>&1; do
        i=$((i + 1)); [ $i -gt 150 ] && { say "$name" "never answered"; break; }
        sleep 0.1
    done
}
. "$here/settled.sh"
# await NAME PATTERN: waits (at most 60 s) until the daemon's log has PATTERN.
await() {
    i=0
    until grep -q "$2" "/tmp/$1.out" 2>/dev/null; do
        i=$((i + 1)); [ $i -gt 600 ] && { say "$1" "timeout waiting for: $2"; return 1; }
        sleep 0.1
    done
}
# await_count NAME PATTERN N: waits (at most 60 s) until the daemon's log has N lines with PATTERN.
await_count() {
    count_polls=0
    until [ "$(grep -c "$2" "/tmp/$1.out" 2>/dev/null)" -ge "$3" ]; do
        count_polls=$((count_polls + 1)); [ $count_polls -gt 600 ] && { say "$1" "timeout waiting for $3 lines of: $2"; return 1; }
        sleep 0.1
    done
}
# quit NAME: quits the daemon, prints its log and exit status.
quit() {
    "$HUD" quit > /dev/null 2>&1
    wait "$(cat "/tmp/$1.pid")"
    say "$1" "exit=$?"
    sed "s/^/[$1] /" "/tmp/$1.out"
}
