import CDRM

/// A DRM object id of one kind: a connector, CRTC, plane, framebuffer…
/// Kinds are distinct types, so a CRTC id cannot be passed where a
/// framebuffer id is wanted (`setCRTC(crtc, framebuffer: fb, …)`).
public struct DRMObjectID<Kind: DRMObjectKind>: RawRepresentable, Hashable, Sendable, Comparable,
    ExpressibleByIntegerLiteral, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public init(integerLiteral value: UInt32) { rawValue = value }

    /// 0: no object (a CRTC showing nothing, a connector with no encoder).
    public static var none: Self { Self(rawValue: 0) }
    public var description: String { "\(rawValue)" }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// What a `DRMObjectID` names; `objectType` is its `DRM_MODE_OBJECT_*`
/// constant (0 for ids that are not mode objects with properties).
public protocol DRMObjectKind: Sendable {
    static var objectType: UInt32 { get }
}

public enum ConnectorKind: DRMObjectKind { public static var objectType: UInt32 { UInt32(DRM_MODE_OBJECT_CONNECTOR) } }
public enum EncoderKind: DRMObjectKind { public static var objectType: UInt32 { UInt32(DRM_MODE_OBJECT_ENCODER) } }
public enum CRTCKind: DRMObjectKind { public static var objectType: UInt32 { UInt32(DRM_MODE_OBJECT_CRTC) } }
public enum PlaneKind: DRMObjectKind { public static var objectType: UInt32 { UInt32(DRM_MODE_OBJECT_PLANE) } }
public enum FramebufferKind: DRMObjectKind { public static var objectType: UInt32 { UInt32(DRM_MODE_OBJECT_FB) } }
public enum PropertyKind: DRMObjectKind { public static var objectType: UInt32 { UInt32(DRM_MODE_OBJECT_PROPERTY) } }
public enum BlobKind: DRMObjectKind { public static var objectType: UInt32 { UInt32(DRM_MODE_OBJECT_BLOB) } }
public enum DumbBufferKind: DRMObjectKind { public static var objectType: UInt32 { 0 } }

public typealias ConnectorID = DRMObjectID<ConnectorKind>
public typealias EncoderID = DRMObjectID<EncoderKind>
public typealias CRTCID = DRMObjectID<CRTCKind>
public typealias PlaneID = DRMObjectID<PlaneKind>
public typealias FramebufferID = DRMObjectID<FramebufferKind>
public typealias PropertyID = DRMObjectID<PropertyKind>
public typealias BlobID = DRMObjectID<BlobKind>
/// A dumb buffer's GEM handle (not a mode object, but as easy to confuse).
public typealias DumbBufferHandle = DRMObjectID<DumbBufferKind>

/// `drmModeAtomicCommit`'s flags.
public struct AtomicCommitFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `DRM_MODE_PAGE_FLIP_EVENT`: a flip event when the commit is on screen.
    public static let pageFlipEvent = AtomicCommitFlags(rawValue: UInt32(DRM_MODE_PAGE_FLIP_EVENT))
    /// `DRM_MODE_ATOMIC_TEST_ONLY`: check, change nothing.
    public static let testOnly = AtomicCommitFlags(rawValue: UInt32(DRM_MODE_ATOMIC_TEST_ONLY))
    /// `DRM_MODE_ATOMIC_NONBLOCK`: return before the commit is on screen.
    public static let nonblocking = AtomicCommitFlags(rawValue: UInt32(DRM_MODE_ATOMIC_NONBLOCK))
    /// `DRM_MODE_ATOMIC_ALLOW_MODESET`: the commit may change the mode.
    public static let allowModeset = AtomicCommitFlags(rawValue: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET))
}
