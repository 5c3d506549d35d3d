/// Runs one C call's body: KH_OK, or the error's status with its message
/// kept for `kh_last_error_message`. Never lets anything escape into C.
func capiCall(_ function: String, _ body: () throws(CAPIError) -> Void) -> Int32 {
    do {
        try body()
        return KHStatus.ok.rawValue
    } catch {
        LastErrorMessage.set("\(function): \(error.message)")
        return error.status.rawValue
    }
}

/// A call on a stack: the handle checked (live, a stack) and the thread (the stack's).
func capiCall(_ function: String, stack handle: OpaquePointer?, _ body: (EmbeddedStack) throws(CAPIError) -> Void) -> Int32 {
    capiCall(function) { () throws(CAPIError) in
        let stack = try HandleRegistry.object(handle, .stack, as: EmbeddedStack.self)
        try stack.checkThread(function)
        try body(stack)
    }
}

/// A call on a HUD: the handle checked (live, a HUD) and the thread (its stack's).
func capiCall(_ function: String, hud handle: OpaquePointer?, _ body: (EmbeddedHUD) throws(CAPIError) -> Void) -> Int32 {
    capiCall(function) { () throws(CAPIError) in
        let hud = try HandleRegistry.object(handle, .hud, as: EmbeddedHUD.self)
        try hud.owner.checkThread(function)
        try body(hud)
    }
}
