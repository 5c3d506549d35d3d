/// `hud --version`. Raised with each tagged release.
enum Version {
    static let string = "0.20.0"
}
