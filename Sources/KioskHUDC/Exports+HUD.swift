import HUDCore

// kioskhud.h: one HUD's lifecycle, options and callbacks.

@_cdecl("kh_hud_new")
public func kh_hud_new(_ stackHandle: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    capiCall("kh_hud_new", stack: stackHandle) { stack throws(CAPIError) in
        guard let out else { throw CAPIError(.invalidArgument, "out is NULL") }
        var configuration = HUDConfiguration()
        stack.theme.apply(to: &configuration)
        let made = configuration
        let hud = stack.stack.assumeIsolated { $0.makeHUD(made) }
        let handle = HandleRegistry.register(EmbeddedHUD(owner: stack, hud: hud), as: .hud)
        stack.huds.append(handle)
        out.pointee = handle
    }
}

@_cdecl("kh_hud_free")
public func kh_hud_free(_ handle: OpaquePointer?) -> Int32 {
    guard let handle else { return KHStatus.ok.rawValue }
    return capiCall("kh_hud_free", hud: handle) { hud in
        hud.withStack { $0.remove(hud.hud) }
        hud.owner.huds.removeAll { $0 == handle }
        HandleRegistry.unregister(handle, as: EmbeddedHUD.self)
    }
}

@_cdecl("kh_hud_show")
public func kh_hud_show(_ handle: OpaquePointer?, _ animated: Int32) -> Int32 {
    capiCall("kh_hud_show", hud: handle) { hud in hud.withStack { $0.show(hud.hud, animated: animated != 0) } }
}

@_cdecl("kh_hud_hide")
public func kh_hud_hide(_ handle: OpaquePointer?, _ animated: Int32) -> Int32 {
    capiCall("kh_hud_hide", hud: handle) { hud in hud.withStack { $0.hide(hud.hud, animated: animated != 0) } }
}

@_cdecl("kh_hud_hide_after")
public func kh_hud_hide_after(_ handle: OpaquePointer?, _ animated: Int32, _ delayMs: UInt32) -> Int32 {
    capiCall("kh_hud_hide_after", hud: handle) { hud in
        hud.withStack { $0.hide(hud.hud, animated: animated != 0, afterDelay: .milliseconds(Int64(delayMs))) }
    }
}

@_cdecl("kh_hud_get_state")
public func kh_hud_get_state(_ handle: OpaquePointer?, _ state: UnsafeMutablePointer<Int32>?) -> Int32 {
    capiCall("kh_hud_get_state", hud: handle) { hud throws(CAPIError) in
        guard let state else { throw CAPIError(.invalidArgument, "state is NULL") }
        let phase = hud.withStack { $0.lifecycle(of: hud.hud)?.phase } ?? .hidden
        switch phase {
        case .hidden: state.pointee = 0
        case .grace: state.pointee = 1
        case .shown: state.pointee = 2
        case .hiding: state.pointee = 3
        }
    }
}

@_cdecl("kh_hud_set_grace_time")
public func kh_hud_set_grace_time(_ handle: OpaquePointer?, _ ms: UInt32) -> Int32 {
    capiCall("kh_hud_set_grace_time", hud: handle) { hud in hud.update { $0.graceTime = .milliseconds(Int64(ms)) } }
}

@_cdecl("kh_hud_set_min_show_time")
public func kh_hud_set_min_show_time(_ handle: OpaquePointer?, _ ms: UInt32) -> Int32 {
    capiCall("kh_hud_set_min_show_time", hud: handle) { hud in hud.update { $0.minShowTime = .milliseconds(Int64(ms)) } }
}

@_cdecl("kh_hud_set_mode")
public func kh_hud_set_mode(_ handle: OpaquePointer?, _ mode: Int32) -> Int32 {
    capiCall("kh_hud_set_mode", hud: handle) { hud throws(CAPIError) in
        let modes: [HUDMode] = [.indeterminate, .determinate, .determinateHorizontalBar, .annularDeterminate, .text, .success, .failure]
        guard modes.indices.contains(Int(mode)) else { throw CAPIError(.invalidArgument, "mode \(mode) is not a kh_mode") }
        hud.update { $0.mode = modes[Int(mode)] }
    }
}

@_cdecl("kh_hud_set_custom_image")
public func kh_hud_set_custom_image(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    let file = path.map { String(cString: $0) }
    return capiCall("kh_hud_set_custom_image", hud: handle) { hud throws(CAPIError) in
        guard let file, !file.isEmpty else { throw CAPIError(.invalidArgument, "path is NULL or empty") }
        hud.update { $0.mode = .customImage(path: file) }
    }
}

@_cdecl("kh_hud_set_progress")
public func kh_hud_set_progress(_ handle: OpaquePointer?, _ progress: Double) -> Int32 {
    capiCall("kh_hud_set_progress", hud: handle) { hud in hud.update { $0.progress = progress } }
}

/// A C string as Swift text: NULL is empty, invalid UTF-8 is repaired.
private func text(_ s: UnsafePointer<CChar>?) -> String { s.map { String(cString: $0) } ?? "" }

@_cdecl("kh_hud_set_label")
public func kh_hud_set_label(_ handle: OpaquePointer?, _ label: UnsafePointer<CChar>?) -> Int32 {
    let value = text(label)
    return capiCall("kh_hud_set_label", hud: handle) { hud in hud.update { $0.label.text = value } }
}

@_cdecl("kh_hud_set_details")
public func kh_hud_set_details(_ handle: OpaquePointer?, _ details: UnsafePointer<CChar>?) -> Int32 {
    let value = text(details)
    return capiCall("kh_hud_set_details", hud: handle) { hud in hud.update { $0.detailsLabel.text = value } }
}

/// 0xAARRGGBB as a colour.
private func color(_ argb: UInt32) -> HUDColor {
    func channel(_ shift: UInt32) -> Double { Double((argb >> shift) & 0xFF) / 255 }
    return HUDColor(red: channel(16), green: channel(8), blue: channel(0), alpha: channel(24))
}

@_cdecl("kh_hud_set_bezel_color")
public func kh_hud_set_bezel_color(_ handle: OpaquePointer?, _ argb: UInt32) -> Int32 {
    capiCall("kh_hud_set_bezel_color", hud: handle) { hud in hud.update { $0.bezelColor = color(argb) } }
}

@_cdecl("kh_hud_set_content_color")
public func kh_hud_set_content_color(_ handle: OpaquePointer?, _ argb: UInt32) -> Int32 {
    capiCall("kh_hud_set_content_color", hud: handle) { hud in hud.update { $0.contentColor = color(argb) } }
}

@_cdecl("kh_hud_set_background_color")
public func kh_hud_set_background_color(_ handle: OpaquePointer?, _ argb: UInt32) -> Int32 {
    capiCall("kh_hud_set_background_color", hud: handle) { hud in hud.update { $0.backgroundColor = color(argb) } }
}

@_cdecl("kh_hud_set_motion_effect")
public func kh_hud_set_motion_effect(_ handle: OpaquePointer?, _ enabled: Int32) -> Int32 {
    capiCall("kh_hud_set_motion_effect", hud: handle) { hud in hud.update { $0.motionEffectEnabled = enabled != 0 } }
}

@_cdecl("kh_hud_set_button")
public func kh_hud_set_button(_ handle: OpaquePointer?, _ title: UnsafePointer<CChar>?,
                              _ callback: (@convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void)?, _ userData: UnsafeMutableRawPointer?) -> Int32 {
    let value = text(title)
    return capiCall("kh_hud_set_button", hud: handle) { hud throws(CAPIError) in
        guard let handle else { throw CAPIError(.invalidArgument, "hud is NULL") }
        let action = callback.map { CCallback($0, userData: userData, hud: handle) }
        hud.update { $0.buttonTitle = value }
        let target = hud.hud
        hud.withStack { $0.setButtonAction(action?.buttonAction, for: target) }
    }
}

@_cdecl("kh_hud_press_button")
public func kh_hud_press_button(_ handle: OpaquePointer?) -> Int32 {
    capiCall("kh_hud_press_button", hud: handle) { hud in _ = hud.withStack { $0.pressButton(of: hud.hud) } }
}

@_cdecl("kh_hud_set_completion")
public func kh_hud_set_completion(_ handle: OpaquePointer?, _ callback: (@convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void)?,
                                  _ userData: UnsafeMutableRawPointer?) -> Int32 {
    capiCall("kh_hud_set_completion", hud: handle) { hud throws(CAPIError) in
        guard let handle else { throw CAPIError(.invalidArgument, "hud is NULL") }
        let completion = callback.map { CCallback($0, userData: userData, hud: handle) }
        let target = hud.hud
        hud.withStack { $0.setCompletion(completion?.handler, for: target) }
    }
}
