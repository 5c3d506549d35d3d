# Sourced by the run-*-e2e.sh suites: builds hud once, boots one VM per
# setup, judges each run with a checker, keeps the PASS/FAIL count.
# The sourcing script sets `out` (where runs go) before calling run_setup.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch=${KIOSKHUD_SCRATCH:-$repo/.build-qemu}
passed=0 failed=0

cd "$repo"
if [[ -z "${HUD:-}" ]]; then
    echo "building hud (release)..."
    bash "$repo/scripts/build-release.sh" "$scratch"
    HUD=$scratch/release/hud
fi
[[ -x "$HUD" ]] || { echo "FAIL build: no $HUD"; echo "0 passed, 1 failed"; exit 1; }
export HUD

# run_setup LABEL GPU GUEST_SCRIPT CHECKER TIMEOUT [qemu-run.py options...]
run_setup() {
    local label=$1 gpu=$2 script=$3 checker=$4 timeout=$5
    shift 5
    local dir=$out/$label results code
    rm -rf "$dir" && mkdir -p "$dir"
    /usr/bin/python3 "$here/qemu-run.py" --gpu "$gpu" "$@" --timeout "$timeout" --quiet --env "HUD=$HUD" \
        --dump-dir "$dir" --log "$dir/console.log" "$here/e2e/$script"
    code=$?
    if [[ $code -ne 0 ]]; then
        echo "FAIL $label/guest: guest script exit $code (log: $dir/console.log)"
        failed=$((failed + 1))
    fi
    count "$(/usr/bin/python3 "$here/e2e/$checker" "$label" "$dir/console.log" "$dir")"
}

# count RESULTS: prints a checker's lines and adds its PASS/FAIL lines to the totals.
count() {
    echo "$1"
    passed=$((passed + $(grep -c '^PASS' <<<"$1")))
    failed=$((failed + $(grep -c '^FAIL' <<<"$1")))
}

# Prints the total and exits 1 on any failure.
finish_suite() {
    echo "$passed passed, $failed failed"
    [[ $failed -eq 0 ]]
}
