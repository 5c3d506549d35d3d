import Glibc
import HUDCore
import Testing
@testable import HUDRender

@Suite struct ThemeTests {
    @Test func aGoodThemeSetsEveryKey() {
        let json = """
        {
          "name": "dark",
          "bezelStyle": "solidColor",
          "bezelColor": "#202020cc",
          "contentColor": "#fff",
          "backgroundColor": "#00000080",
          "cornerRadius": 12,
          "margin": 16,
          "minSize": {"width": 120, "height": 100},
          "square": true,
          "label": {"fontFamily": "Noto Sans", "fontSize": 18, "bold": false, "color": "#ff0000", "maximumLines": 2},
          "details": {"fontSize": 13},
          "blurRadius": 20,
          "maximumTextWidth": 400,
          "indicatorSize": 48,
          "textAlignment": "natural",
          "language": "ja",
          "screen": {"color": "#102030", "image": "logo.png", "placement": "hudBelow"}
        }
        """
        let load = HUDTheme.parse(json, file: "/etc/kioskhud/dark.json")
        #expect(load.problems.isEmpty, "\(load.problems)")
        var c = HUDConfiguration()
        load.theme.apply(to: &c)
        #expect(c.bezelStyle == .solidColor)
        #expect(abs(c.bezelColor.alpha - 0.8) < 0.01 && abs(c.bezelColor.red - 32.0 / 255) < 0.001)
        #expect(c.contentColor == .white)
        #expect(c.cornerRadius == 12 && c.margin == 16 && c.isSquare)
        #expect(c.minSize == HUDSize(width: 120, height: 100))
        #expect(c.label.font.family == "Noto Sans" && c.label.font.size == 18 && !c.label.font.bold)
        #expect(c.label.maximumLines == 2 && c.label.color == HUDColor(red: 1, green: 0, blue: 0))
        #expect(c.detailsLabel.font.size == 13 && c.detailsLabel.font.bold)
        var s = HUDRenderStyle()
        load.theme.apply(to: &s)
        #expect(s.blurRadius == 20 && s.maximumTextWidth == 400 && s.indicatorSize == 48)
        #expect(s.textAlignment == .natural && s.language == "ja")
        var b = HUDBackdrop()
        load.theme.apply(to: &b)
        #expect(b.imagePath == "/etc/kioskhud/logo.png" && b.placement == .hudBelow)
        #expect(abs(b.color.blue - 48.0 / 255) < 0.001)
    }

    @Test func motionTurnsTheEffectOnWithItsAmplitudeAndNeutralPose() {
        let load = HUDTheme.parse(#"{"motion": {"enabled": true, "amplitude": 14, "neutral": "start"}}"#, file: "m.json")
        #expect(load.problems.isEmpty, "\(load.problems)")
        var c = HUDConfiguration()
        load.theme.apply(to: &c)
        #expect(c.motionEffectEnabled && c.motionAmplitude == 14)
        #expect(load.theme.motionNeutral == "start")
        var untouched = HUDConfiguration()
        HUDTheme.parse("{}", file: "e.json").theme.apply(to: &untouched)
        #expect(!untouched.motionEffectEnabled, "off by default, as in MBProgressHUD")
    }

    @Test func badMotionValuesAreNamed() {
        let load = HUDTheme.parse(#"{"motion": {"enabled": "yes", "amplitude": -3, "neutral": "sideways", "speed": 1}}"#, file: "m.json")
        let keys = load.problems.compactMap(\.key)
        #expect(keys == ["motion.enabled", "motion.amplitude", "motion.neutral", "motion.speed"])
        #expect(load.problems.allSatisfy { "\($0)".contains("m.json") })
    }

    @Test func everyBadKeyIsNamedWithFileAndPositionAndTheRestStillApplies() {
        let json = """
        {
          "bezelColor": "grey",
          "margin": -3,
          "bezelStyle": "frosted",
          "colour": "#fff",
          "label": {"fontSize": "big", "italic": true},
          "cornerRadius": 9
        }
        """
        let load = HUDTheme.parse(json, file: "bad.json")
        let byKey = Dictionary(uniqueKeysWithValues: load.problems.map { ($0.key ?? "", $0) })
        #expect(Set(byKey.keys) == ["bezelColor", "margin", "bezelStyle", "colour", "label.fontSize", "label.italic"])
        #expect(load.problems.allSatisfy { $0.file == "bad.json" })
        #expect(byKey["bezelColor"]?.description == "bad.json:2:3: key \"bezelColor\": expected a colour \"#rrggbb\" or \"#rrggbbaa\", found \"grey\"")
        #expect(byKey["margin"]?.message.contains("found -3") == true)
        #expect(byKey["bezelStyle"]?.message.contains("\"blur\"") == true)
        #expect(byKey["colour"]?.message.contains("unknown key") == true)
        #expect(byKey["label.italic"]?.position == JSONPosition(line: 6, column: 32))
        // Bad keys keep the defaults; good ones apply.
        var c = HUDConfiguration()
        load.theme.apply(to: &c)
        #expect(c.cornerRadius == 9)
        #expect(c.margin == 20 && c.bezelStyle == .blur && c.bezelColor == HUDConfiguration().bezelColor)
        #expect(c.label.font.size == 16)
    }

    @Test func malformedJSONGivesTheDefaultsAndALineAndColumn() {
        let load = HUDTheme.parse("{\n  \"margin\": 10,\n}\n", file: "broken.json")
        #expect(load.theme == HUDTheme())
        #expect(load.problems.count == 1)
        #expect(load.problems[0].description == "broken.json:3:1: not valid JSON: trailing ',' before '}'")
    }

    @Test func anUnreadableFileNamesItAndTheReason() {
        let load = HUDTheme.load(file: "/nonexistent/theme.json")
        #expect(load.theme == HUDTheme())
        #expect(load.problems.map(\.description) == ["/nonexistent/theme.json: No such file or directory"])
    }

    @Test func wrongTopLevelAndMissingSizeHalf() {
        #expect(HUDTheme.parse("[1]", file: "t.json").problems.first?.message.contains("top level must be an object") == true)
        let load = HUDTheme.parse(#"{"minSize": {"width": 10}}"#, file: "t.json")
        #expect(load.problems.first?.key == "minSize")
        #expect(load.problems.first?.message.contains("height") == true)
    }

    @Test func aThemeFileIsReadFromDiskAndTheHUDStillShowsWithBadKeys() throws {
        let path = try TestFiles.writeText(##"{"bezelColor": "#ff0000", "margin": "wide", "bezelStyle": "solidColor"}"##, suffix: ".json")
        defer { unlink(path) }
        let load = HUDTheme.load(file: path)
        #expect(load.problems.count == 1 && load.problems[0].key == "margin" && load.problems[0].file == path)
        var c = HUDConfiguration()
        c.mode = .success
        load.theme.apply(to: &c)
        let canvas = try TestCanvas(c)
        let f = try #require(canvas.renderer.bezelFrame(id: 1))
        #expect(f.width == 77)                      // default margin 20
        let p = canvas.rgb(f.x + 2, f.y + f.height / 2)
        #expect(p.r > 240 && p.g < 10 && p.b < 10)
    }

    @Test func hexColours() {
        #expect(HexColor.parse("#fff") == .white)
        #expect(HexColor.parse("#00000000") == HUDColor.clear)
        #expect(HexColor.parse("#12345") == nil)
        #expect(HexColor.parse("ffffff") == nil)
        #expect(HexColor.parse("#gg0000") == nil)
    }

    @Test func hudBelowPlacesTheBezelUnderTheLogo() throws {
        let path = try TestFiles.writePNG(width: 100, height: 80) { _, _ in (200, 200, 200) }
        defer { unlink(path) }
        let backdrop = HUDBackdrop(color: .black, imagePath: path, placement: .hudBelow)
        let canvas = try TestCanvas(.contrasting(.success), width: 320, height: 400, backdrop: backdrop)
        let f = try #require(canvas.renderer.bezelFrame(id: 1))
        // Logo spans y 160…240; the bezel is centred in 240…400.
        #expect(f.y >= 240)
        #expect(abs((f.y + f.maxY) - 640) <= 1)
        #expect(canvas.rgb(160, 200) == (200, 200, 200))
        #expect(canvas.rgb(160, 100) == (0, 0, 0))
        let over = try TestCanvas(.contrasting(.success), width: 320, height: 400,
                                  backdrop: HUDBackdrop(color: .black, imagePath: path, placement: .hudOver))
        let g = try #require(over.renderer.bezelFrame(id: 1))
        #expect(abs((g.y + g.maxY) - 400) <= 1)
    }
}
