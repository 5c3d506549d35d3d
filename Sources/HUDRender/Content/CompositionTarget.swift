/// What a `HUDRenderer`'s buffers are.
public enum CompositionTarget: Sendable, Equatable {
    /// The whole picture, opaque: the backdrop (or the app's `ContentPicture`)
    /// with the HUDs composed over it on the CPU.
    case screen
    /// A hardware overlay plane over the app's picture: premultiplied
    /// ARGB8888, transparent where no HUD is. The picture itself goes on the
    /// plane under it (`HUDRenderer.drawContent`); blurs still read it.
    case overlayPlane
    /// A layer over pixels KioskHUD cannot see (a Wayland compositor's
    /// overlay layer, a GPU app's texture): premultiplied ARGB8888,
    /// transparent where no HUD is. Nothing can be blurred: a blurred bezel
    /// or background is its tint alone, as MBProgressHUD's solid style.
    case layer
}
