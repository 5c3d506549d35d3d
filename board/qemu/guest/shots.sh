# Screendumps that wait for what they judge. Sourced by the guest scripts:
# shot.sh is $SHOT_SH, else beside board/qemu/e2e's scripts ($here/../guest).
# Each dump goes through shot.sh, and the host answers with the dump's digest,
# so the guest can tell whether the screen changed without reading the dump.
# Their variables are prefixed shots_ (sh has no locals). A wait that ends without its event says so on the console ("[shots] NAME:
# ..."), and the check then judges the last dump: it fails naming what is
# wrong in the picture, not a picture taken too early by a fixed sleep.

# shot_digest NAME [DEVICE [HEAD]]: dumps NAME; prints its digest (nothing when no dump was made).
shot_sh=${SHOT_SH:-$here/../guest/shot.sh}
shot_digest() { sh "$shot_sh" --digest "$@"; }

# shot_stable NAME [DEVICE [HEAD]]: dumps NAME until two dumps in a row are
# the same picture (at most 50 dumps, 0.1 s apart): the console's text is all
# drawn, a VT switch has repainted. For still pictures only (a spinner never
# stands still). Prints the digest.
shot_stable() {
    shots_last=$(shot_digest "$@")
    shots_tries=1
    while :; do
        sleep 0.1
        shots_now=$(shot_digest "$@")
        [ -n "$shots_now" ] && [ "$shots_now" = "$shots_last" ] && { echo "$shots_now"; return 0; }
        shots_tries=$((shots_tries + 1))
        [ $shots_tries -ge 50 ] && { echo "[shots] $1: still changing after $shots_tries dumps" >&2; echo "$shots_now"; return 1; }
        shots_last=$shots_now
    done
}

# shot_equal NAME DIGEST [DEVICE [HEAD]]: dumps NAME until it is the picture
# DIGEST (the console come back as it was, the last frame retained), at most
# 50 dumps 0.1 s apart.
shot_equal() {
    shots_name=$1 shots_want=$2
    shift 2
    shots_tries=0
    while :; do
        shots_now=$(shot_digest "$shots_name" "$@")
        [ -n "$shots_now" ] && [ "$shots_now" = "$shots_want" ] && return 0
        shots_tries=$((shots_tries + 1))
        [ $shots_tries -ge 50 ] && { echo "[shots] $shots_name: not the expected picture after $shots_tries dumps" >&2; return 1; }
        sleep 0.1
    done
}

# shot_changed NAME DIGEST [DEVICE [HEAD]]: dumps NAME until it is no longer
# the picture DIGEST (the HUD back after a VT switch), at most 50 dumps 0.1 s apart.
shot_changed() {
    shots_name=$1 shots_old=$2
    shift 2
    shots_tries=0
    while :; do
        shots_now=$(shot_digest "$shots_name" "$@")
        [ -n "$shots_now" ] && [ "$shots_now" != "$shots_old" ] && return 0
        shots_tries=$((shots_tries + 1))
        [ $shots_tries -ge 50 ] && { echo "[shots] $shots_name: the picture never changed in $shots_tries dumps" >&2; return 1; }
        sleep 0.1
    done
}
