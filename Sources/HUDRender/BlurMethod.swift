/// How the bezel's backdrop is blurred (computed once per change of what
/// lies under the bezel, then cached). `hud-bench` compares them.
public enum BlurMethod: String, Hashable, Sendable, CaseIterable {
    /// Downscale by halving (bilinear at exactly ½: 2×2 averages),
    /// three box blurs on the small copy, bilinear upscale. Default: smooth and cheap.
    case downscaledBoxBlur
    /// Downscale, then pixman's separable convolution with a Gaussian kernel
    /// on the small copy (instead of the box passes), bilinear upscale.
    case downscaledPixmanGaussian
    /// Downscale and bilinear upscale only: cheapest, slightly blocky.
    case downscaleUpscale
    /// Three box blurs at full resolution: the reference, slowest.
    case fullResolutionBoxBlur
}
