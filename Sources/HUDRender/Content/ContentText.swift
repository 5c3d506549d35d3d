import HUDCore

/// A label laid out for the app's picture (`ContentDrawing.layOut`): its size
/// in picture pixels, and what the layout found.
public final class ContentText {
    let block: TextBlock

    init(_ block: TextBlock) { self.block = block }

    /// Width of the widest line.
    public var width: Double { block.width }
    /// Height of all lines.
    public var height: Double { block.height }
    /// Lines after wrapping and ellipsizing.
    public var lineCount: Int { block.lineCount }
    /// Whether the text was shortened with an ellipsis.
    public var isEllipsized: Bool { block.isEllipsized }
    /// Characters no font could show (drawn as boxes); 0 when every glyph exists.
    public var unknownGlyphCount: Int { block.unknownGlyphCount }
    /// Whether the text at its start reads right to left.
    public var isRightToLeft: Bool { block.isRightToLeft }
}
