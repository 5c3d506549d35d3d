print("hud-bench: to do")
