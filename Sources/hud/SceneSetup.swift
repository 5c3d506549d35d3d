import HUDCore
import HUDRender

/// Screen, theme and HUD options shared by `hud render` and `hud demo`,
/// turned into what the renderer takes.
struct SceneSetup {
    var geometry: ScreenGeometry
    var style = HUDRenderStyle()
    var backdrop = HUDBackdrop()
    var configuration = HUDConfiguration()
    /// Theme problems, to print; the HUD is drawn with defaults for bad keys.
    var warnings: [String] = []

    static let options: [OptionParser.Option] = [
        .init(name: "size", placeholder: "WxH", help: "buffer size in pixels, 320x240…3840x2160 and beyond (default 640x400)"),
        .init(name: "scale", placeholder: "N", help: "device pixels per point (default: 2 on 4K, else 1)"),
        .init(name: "rotation", placeholder: "DEG", help: "0, 90, 180 or 270: how the picture is turned in the buffer"),
        .init(name: "theme", placeholder: "FILE", help: "JSON theme (colours, fonts, sizes, bezel, screen image)"),
        .init(name: "label", placeholder: "TEXT", help: "the label (bold 16)"),
        .init(name: "details", placeholder: "TEXT", help: "the details label (bold 12, wraps)"),
        .init(name: "button", placeholder: "TITLE", help: "MBProgressHUD's button under the labels, with this title"),
        .init(name: "bezel-style", placeholder: "STYLE", help: "blur or solid"),
        .init(name: "bezel-color", placeholder: "COLOR", help: "bezel tint, #rrggbbaa"),
        .init(name: "content-color", placeholder: "COLOR", help: "label and indicator colour, #rrggbbaa"),
        .init(name: "background", placeholder: "COLOR", help: "dimming over the whole screen, #rrggbbaa"),
        .init(name: "screen", placeholder: "COLOR", help: "screen colour under everything, #rrggbb"),
        .init(name: "backdrop-image", placeholder: "PNG", help: "image centred on the screen, under the HUD"),
        .init(name: "placement", placeholder: "WHERE", help: "hudOver or hudBelow the backdrop image"),
        .init(name: "offset", placeholder: "X,Y", help: "bezel offset in points; max/-max or top/bottom/left/right pin to an edge"),
        .init(name: "margin", placeholder: "PT", help: "margin inside the bezel and to the screen edge (default 20)"),
        .init(name: "min-size", placeholder: "WxH", help: "minimum bezel size in points"),
        .init(name: "square", placeholder: nil, help: "make the bezel square"),
        .init(name: "align", placeholder: "HOW", help: "center or natural (right for Arabic) text alignment"),
        .init(name: "language", placeholder: "TAG", help: "text language, e.g. ja, zh-CN, zh-TW, ko, ar, th"),
    ]

    init(_ o: ParsedOptions) throws(CommandLineError) {
        let size = try o.size("size", in: 1...16384) ?? (640, 400)
        let rotation = try o.choice("rotation", ["0": ScreenRotation.none, "90": .clockwise90,
                                                 "180": .upsideDown, "270": .counterClockwise90]) ?? .none
        let scale = try o.double("scale", in: 0.25...8)
            ?? ScreenGeometry.automaticScale(pixelWidth: size.width, pixelHeight: size.height)
        do {
            geometry = try ScreenGeometry(pixelWidth: size.width, pixelHeight: size.height, scale: scale, rotation: rotation)
        } catch {
            throw CommandLineError("hud \(o.command): \(error)")
        }
        if let file = o.string("theme") {
            let load = HUDTheme.load(file: file)
            // Unreadable or not JSON: nothing of it can be used, so it is an error, not a warning.
            if let fatal = load.problems.first(where: { $0.key == nil }) {
                throw CommandLineError("hud \(o.command): --theme: \(fatal)")
            }
            warnings += load.problems.map { "theme: \($0)" }
            load.theme.apply(to: &configuration)
            load.theme.apply(to: &style)
            load.theme.apply(to: &backdrop)
        }
        if let t = o.string("label") { configuration.label.text = t }
        if let t = o.string("details") { configuration.detailsLabel.text = t }
        if let t = o.string("button") { configuration.buttonTitle = t }
        if let s = try o.choice("bezel-style", ["blur": HUDBezelStyle.blur, "solid": .solidColor, "solidColor": .solidColor]) {
            configuration.bezelStyle = s
        }
        if let c = try o.color("bezel-color") { configuration.bezelColor = c }
        if let c = try o.color("content-color") { configuration.contentColor = c }
        if let c = try o.color("background") { configuration.backgroundColor = c }
        if let c = try o.color("screen") { backdrop.color = c }
        if let p = o.string("backdrop-image") { backdrop.imagePath = p }
        if let p = try o.choice("placement", ["hudOver": HUDBackdrop.Placement.hudOver, "hudBelow": .hudBelow]) {
            backdrop.placement = p
        }
        if let p = try o.offset("offset") { configuration.offset = p }
        if let m = try o.double("margin", in: 0...1000) { configuration.margin = m }
        if let s = try o.size("min-size", in: 0...10000) { configuration.minSize = HUDSize(width: Double(s.width), height: Double(s.height)) }
        if o.flag("square") { configuration.isSquare = true }
        if let a = try o.choice("align", ["center": TextAlignment.center, "natural": .natural]) { style.textAlignment = a }
        if let l = o.string("language") { style.language = l }
    }
}
