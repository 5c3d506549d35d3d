// kioskhud.h: version and errors. Callable from any thread.

/// The version kioskhud.h's KIOSKHUD_VERSION_* macros give.
let libraryVersion: (major: UInt32, minor: UInt32, patch: UInt32) = (0, 20, 0)
private let versionString: StaticString = "0.20.0"
private let noMessage: StaticString = ""

private func cString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("kh_version")
public func kh_version() -> UInt32 {
    libraryVersion.major << 16 | libraryVersion.minor << 8 | libraryVersion.patch
}

@_cdecl("kh_version_string")
public func kh_version_string() -> UnsafePointer<CChar> { cString(versionString) }

@_cdecl("kh_status_string")
public func kh_status_string(_ status: Int32) -> UnsafePointer<CChar> {
    guard let known = KHStatus(rawValue: status) else { return cString("unknown status") }
    return cString(known.name)
}

@_cdecl("kh_last_error_message")
public func kh_last_error_message() -> UnsafePointer<CChar> {
    LastErrorMessage.current ?? cString(noMessage)
}
