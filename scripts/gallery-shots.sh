# The README gallery's shots, one list for scripts/gallery.sh (which renders
# docs/gallery from it) and scripts/compare-renders.sh (which renders it with two
# `hud` binaries side by side). Sourced from the repository root after the caller
# has defined
#   shot NAME "caption" hud-render-options...
# Every shot is rendered at --size $size unless its options give a --size.
# shellcheck shell=bash

size=480x320
logo=board/themes/kioskhud-logo.png

# The logo (160×96) centred under the bezel: the bezel is at least 184×128 points,
# so it covers the logo whole and the blur shows it, with no edge of it peeking out.
screen=(--screen '#2b4a6f' --backdrop-image "$logo" --min-size 184x128)
shot spinner "Indeterminate spinner" "${screen[@]}" --mode spinner --time 0.25 --label "Loading…"
shot pie "Determinate (pie)" "${screen[@]}" --mode pie --progress 0.35 --label "Downloading"
shot ring "Annular determinate (ring)" "${screen[@]}" --mode ring --progress 0.7 --label "Installing" --details "Package 7 of 10"
shot bar "Horizontal bar" "${screen[@]}" --mode bar --progress 0.45 --label "Updating firmware" \
  --details "Do not switch the device off. This takes about two minutes."
shot success "Success mark" "${screen[@]}" --mode success --label "Done"
shot failure "Failure mark, solid bezel" "${screen[@]}" --mode failure --bezel-style solid --label "Update failed" \
  --details "The image signature did not match. The previous firmware is still installed."
shot text "Text only, pinned to the bottom" --screen '#2b4a6f' --backdrop-image "$logo" --mode text --label "Connected to Wi-Fi" --offset bottom
shot image "Custom image" --screen '#2b4a6f' --mode image --image "$logo" --label "KioskHUD"
shot dimmed "Background dimming" "${screen[@]}" --mode ring --progress 0.3 --background '#000000a0' --label "Please wait"
shot cjk "CJK text" "${screen[@]}" --mode spinner --label "ファームウェアを更新しています" \
  --details "正在更新固件，请勿关闭电源。펌웨어를 업데이트하는 중입니다." --language ja
shot rtl "Arabic, right to left" "${screen[@]}" --mode bar --progress 0.6 --align natural \
  --label "جارٍ تحديث البرنامج الثابت" --details "يرجى عدم إيقاف تشغيل الجهاز أثناء التحديث"
shot thai "Thai" "${screen[@]}" --mode success --label "อัปเดตเสร็จสมบูรณ์" --details "กรุณารีสตาร์ทอุปกรณ์"
shot rotated "Panel mounted sideways (rotation 90)" --size 320x480 --rotation 90 "${screen[@]}" --mode ring --progress 0.5 \
  --label "Rotated 90°"
shot dark "Dark theme" --theme board/themes/dark.json --backdrop-image "$logo" --min-size 184x128 --mode bar --progress 0.8 --label "Installing update" \
  --details "Step 4 of 5: writing the root file system"
shot light "Light theme" --theme board/themes/light.json --backdrop-image "$logo" --min-size 184x128 --mode pie --progress 0.55 --label "Syncing" \
  --details "124 of 230 files"
shot splash "Boot splash theme (logo, HUD below)" --theme board/themes/splash.json --mode spinner --time 0.5 --label "Starting…"
shot hidpi "HiDPI, scale 2 (960×640)" --size 960x640 --scale 2 "${screen[@]}" --mode ring --progress 0.25 --label "Scale 2"
shot zoom "Zoom animation, 60 ms after show" "${screen[@]}" --mode spinner --time 0.06 --animation zoom --label "Appearing"
shot button "Button (hud show --button)" "${screen[@]}" --mode ring --progress 0.4 --label "Uploading logs" \
  --details "12 of 30 MB" --button "Cancel"
shot button-pressed "Button held down (highlighted)" "${screen[@]}" --mode ring --progress 0.4 --label "Uploading logs" \
  --details "12 of 30 MB" --button "Cancel" --pressed
