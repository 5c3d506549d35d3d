# Sourced by scripts/check-plymouth-client.sh and scripts/check-plymouthd-dropin.sh after they set
# `name` (the check's name), `tmp` (its scratch directory, with the daemon's log in daemon.log) and
# `wait_seconds` (how long one command may take). Counts checks; the first failure ends the script.
checks=0
fail() {
    echo "$name: FAIL, $*"
    echo "--- daemon log:"; cat "$tmp/daemon.log" 2>/dev/null || true
    exit 1
}
ok() { checks=$((checks + 1)); }
# expect STATUS COMMAND...: the command exits with STATUS (within wait_seconds).
expect() {
    local want=$1; shift
    local got=0
    timeout "$wait_seconds" "$@" >"$tmp/out" 2>&1 || got=$?
    [[ $got -eq $want ]] || fail "'$*' exited $got, expected $want: $(cat "$tmp/out")"
    ok
}
