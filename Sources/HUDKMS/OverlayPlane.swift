import HUDSystem
import CDRM

/// A plane that can carry the HUD over the app's picture on the primary
/// plane, and the property values that put it there: it takes premultiplied
/// ARGB8888, blends per pixel and lies above the primary. Chosen as weston
/// and libliftoff choose (type, CRTC mask, format, `zpos`, `pixel blend
/// mode`, `alpha`); a TEST_ONLY commit proves it (`OverlayScanout`). Pure:
/// tests feed it fake plane descriptions.
public struct OverlayPlane: Sendable {
    public var id: PlaneID
    /// What each full commit sets on the plane besides its framebuffer and rectangles.
    public var settings: [Setting]

    public struct Setting: Sendable, Equatable {
        public var property: PropertyID
        public var value: UInt64
        /// The property's name, for log lines.
        public var name: String
    }

    /// A plane as the card describes it.
    public struct Candidate: Sendable {
        public var plane: DRMCard.Plane
        public var properties: [String: DRMCard.Property]
        public var details: [String: DRMCard.PropertyDetails]

        public init(plane: DRMCard.Plane, properties: [String: DRMCard.Property], details: [String: DRMCard.PropertyDetails]) {
            self.plane = plane
            self.properties = properties
            self.details = details
        }

        /// `plane` as `card` describes it: its properties, and the details of
        /// those the choice reads (zpos, alpha, pixel blend mode).
        /// - Throws: `SystemError` naming `drmModeObjectGetProperties`.
        public init(_ plane: DRMCard.Plane, on card: DRMCard) throws(SystemError) {
            let props = try card.properties(of: plane.id)
            var details: [String: DRMCard.PropertyDetails] = [:]
            for name in ["zpos", "alpha", "pixel blend mode"] {
                if let p = props[name] { details[name] = card.propertyDetails(p.id) }
            }
            self.init(plane: plane, properties: props, details: details)
        }
    }

    /// The overlay planes that can show the HUD above `primary` on the CRTC
    /// with index `crtcIndex`, in the order to try them, and why each other
    /// plane was refused.
    public static func choose(from planes: [Candidate], primary: Candidate, crtcIndex: Int) -> (usable: [OverlayPlane], refused: [String]) {
        var usable: [OverlayPlane] = []
        var refused: [String] = []
        let primaryZ = primary.properties["zpos"]?.value ?? 0
        for c in planes where c.plane.isOverlay {
            let name = "plane \(c.plane.id)"
            guard c.plane.possibleCRTCs & (1 << UInt32(crtcIndex)) != 0 else { continue }
            guard c.plane.formats.contains(kiosk_DRM_FORMAT_ARGB8888) else {
                refused.append("\(name): no ARGB8888")
                continue
            }
            var settings: [Setting] = []
            if let blend = c.properties["pixel blend mode"] {
                guard let premultiplied = c.details["pixel blend mode"]?.enumValues["Pre-multiplied"] else {
                    refused.append("\(name): no premultiplied blending")
                    continue
                }
                settings.append(Setting(property: blend.id, value: premultiplied, name: "pixel blend mode"))
            }
            // No zpos: the driver stacks planes by index, overlays over the primary.
            if let z = c.properties["zpos"] {
                let details = c.details["zpos"]
                if details?.isImmutable ?? false {
                    guard z.value > primaryZ else {
                        refused.append("\(name): fixed zpos \(z.value) is not above the primary's \(primaryZ)")
                        continue
                    }
                } else {
                    let range = details?.range ?? 0...UInt64.max
                    let wanted = max(primaryZ + 1, range.lowerBound)
                    guard range.contains(wanted) else {
                        refused.append("\(name): zpos \(range) cannot go above the primary's \(primaryZ)")
                        continue
                    }
                    settings.append(Setting(property: z.id, value: wanted, name: "zpos"))
                }
            }
            if let alpha = c.properties["alpha"] {
                settings.append(Setting(property: alpha.id, value: c.details["alpha"]?.range?.upperBound ?? 0xFFFF, name: "alpha"))
            }
            usable.append(OverlayPlane(id: c.plane.id, settings: settings))
        }
        return (usable, refused)
    }
}
