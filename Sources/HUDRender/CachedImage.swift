/// A custom image as loaded from one version of its file, or the failure to
/// load it: used again only while the path names the same unchanged file
/// (so a file created, fixed or replaced later is read then).
struct CachedImage {
    var identity: FileIdentity?
    var image: CairoImage?
    var lastUse: Int

    /// Decoded bytes held.
    var bytes: Int { image.map { $0.stride * $0.height } ?? 0 }
}
